//! The `tracker-bridge` binary as a user runs it, publishing to a Rust SUB socket bound on loopback (the
//! daemon's side): a CMU BVH file, a committed real recording, and VMC packets from a real OSC encoder over UDP;
//! plus clear errors for bad files.

use avatar_schema::{decode, Message};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use zeromq::{Socket, SocketRecv, SubSocket};

fn exe() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tracker-bridge"));
    c.env("RUST_LOG", "warn");
    c
}

fn asset(path: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(path).display().to_string()
}

/// `tracker-bridge ARGS --connect <a SUB bound here>` running: the SUB, the process and its stdout's lines.
struct Bridge {
    sub: SubSocket,
    child: Child,
    stdout: mpsc::Receiver<String>,
}

/// Bind a SUB on loopback, port 0 (its `bind` says which port it got), and start `tracker-bridge ARGS
/// --connect <it>`.
async fn start(args: &[&str]) -> Bridge {
    let mut sub = SubSocket::new();
    let endpoint = sub.bind("tcp://127.0.0.1:0").await.unwrap().to_string();
    sub.subscribe("").await.unwrap();
    let mut child = exe()
        .args(args)
        .args(["--connect", &endpoint])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, stdout) = mpsc::channel();
    let out = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    Bridge { sub, child, stdout }
}

/// Collect the bridge's messages until `n` or a quiet second, then its exit; the messages and the rest of
/// its stdout.
async fn finish(mut b: Bridge, args: &[&str], n: usize) -> (Vec<Message>, String) {
    let mut got = Vec::new();
    while got.len() < n {
        let Ok(msg) = tokio::time::timeout(Duration::from_secs(10), b.sub.recv()).await else { break };
        got.push(decode(&msg.unwrap().into_vec().pop().unwrap()).unwrap());
    }
    let out = b.child.wait_with_output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    (got, b.stdout.iter().collect::<Vec<_>>().join("\n"))
}

/// Bind a SUB, run `tracker-bridge ARGS --connect <it>`, collect messages until `n` or a quiet second.
async fn collect(args: &[&str], n: usize) -> (Vec<Message>, String) {
    finish(start(args).await, args, n).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bvh_drives_rig_frames_with_the_cmu_joint_names() {
    let file = asset("assets/fixtures/cmu_01_01_first240.bvh");
    let (got, stdout) = collect(&["bvh", &file, "--scale", "cmu", "--speed", "8"], 240).await;
    assert_eq!(got.len(), 240, "{stdout}");
    let Message::Rig(f) = &got[10] else { panic!() };
    let names: Vec<&str> = f.bones.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names.len(), 31);
    assert_eq!(&names[..4], ["Hips", "LHipJoint", "LeftUpLeg", "LeftLeg"]);
    let hip = f.root_position.unwrap();
    assert!((0.5..1.5).contains(&hip[1]), "hips about a metre up: {hip:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_recording_replays_every_frame() {
    let file = asset("assets/recordings/pose_demo_singleperson_cam01.avtrrec");
    let (got, stdout) = collect(&["replay", &file, "--speed", "4"], 100).await;
    assert_eq!(got.len(), 100, "{stdout}");
    assert!(got.iter().all(|m| matches!(m, Message::Pose(f) if f.landmarks.len() == 33)));
    assert!(stdout.contains("100 frames sent"), "{stdout}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vmc_packets_become_rig_frames_and_garbage_is_counted() {
    // the bridge listens on port 0 and prints the address it got: the sender's target
    let args = ["vmc", "--listen", "127.0.0.1:0", "--seconds", "2.5"];
    let bridge = start(&args).await;
    let listening = bridge.stdout.recv_timeout(Duration::from_secs(20)).expect("the listening line");
    let udp_port: u16 = listening
        .strip_prefix("listening for VMC on ")
        .and_then(|a| a.parse::<std::net::SocketAddr>().ok())
        .unwrap_or_else(|| panic!("{listening:?}"))
        .port();
    let sender = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(800)).await;
        // the sender's own socket: any port, it only sends
        let sock = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
        use rosc::{encoder, OscBundle, OscMessage, OscPacket, OscTime, OscType};
        for k in 0..20 {
            let bone = |name: &str, y: f32| {
                OscPacket::Message(OscMessage {
                    addr: "/VMC/Ext/Bone/Pos".into(),
                    args: vec![
                        name.into(),
                        0.0f32.into(),
                        y.into(),
                        0.0f32.into(),
                        0.0f32.into(),
                        0.0f32.into(),
                        0.0f32.into(),
                        1.0f32.into(),
                    ],
                })
            };
            let blend = OscPacket::Message(OscMessage {
                addr: "/VMC/Ext/Blend/Val".into(),
                args: vec![OscType::String("A".into()), OscType::Float(0.05 * k as f32)],
            });
            let apply = OscPacket::Message(OscMessage { addr: "/VMC/Ext/Blend/Apply".into(), args: vec![] });
            let bundle = OscPacket::Bundle(OscBundle {
                timetag: OscTime { seconds: 0, fractional: 1 },
                content: vec![bone("Hips", 0.9), bone("Head", 1.6), blend, apply],
            });
            sock.send_to(&encoder::encode(&bundle).unwrap(), udp_port_addr(udp_port)).unwrap();
            sock.send_to(b"definitely not OSC", udp_port_addr(udp_port)).unwrap();
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
    let (got, stdout) = finish(bridge, &args, 20).await;
    sender.await.unwrap();
    assert_eq!(got.len(), 20, "{stdout}");
    let Message::Rig(f) = got.last().unwrap() else { panic!() };
    let names: Vec<&str> = f.bones.iter().map(|b| b.name.as_str()).collect();
    assert!(names.contains(&"Hips") && names.contains(&"Head"), "{names:?}");
    assert!((f.blendshapes.iter().find(|b| b.name == "A").unwrap().value - 0.95).abs() < 1e-6);
    assert!(stdout.contains("20 malformed"), "{stdout}");
}

fn udp_port_addr(port: u16) -> std::net::SocketAddr {
    std::net::SocketAddr::from(([127, 0, 0, 1], port))
}

#[test]
fn bad_files_are_clear_errors() {
    let dir = std::env::temp_dir().join(format!("tracker-bridge-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = std::fs::read(asset("assets/recordings/pose_demo_singleperson_cam01.avtrrec")).unwrap();
    let cut = dir.join("cut.avtrrec");
    std::fs::write(&cut, &rec[..rec.len() / 2]).unwrap();
    let bad_bvh = dir.join("bad.bvh");
    std::fs::write(&bad_bvh, "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 zero\n").unwrap();
    for (args, needle) in [
        (vec!["replay".to_string(), cut.display().to_string()], "is truncated"),
        (vec!["replay".into(), dir.join("none.avtrrec").display().to_string()], "none.avtrrec"),
        (vec!["bvh".into(), bad_bvh.display().to_string()], "line 4"),
        (vec!["bvh".into(), asset("assets/fixtures/cmu_01_01_first240.bvh"), "--scale=-1".into()], "scale"),
        (vec!["replay".into(), cut.display().to_string(), "--speed".into(), "0".into()], "--speed 0"),
    ] {
        let out = exe().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stderr.contains(needle), "{args:?}: expected '{needle}' in {stderr}");
    }
}
