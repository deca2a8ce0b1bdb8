//! `avatar-view` as a user runs it: render a trajectory of `avatard simulate` to frames and a GIF; follow a
//! live state stream (a real ZeroMQ PUB in this test, sending `AvatarState`s at 120 Hz) at a lower frame rate;
//! and clear errors for a missing asset, a trajectory or stream of another asset, and no graphics adapter.

use avatar_schema::{encode, AvatarState, Message};
use avatar_sim::asset::bar_avatar;
use avatar_sim::asset::{self, Asset};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;
use zeromq::{Socket, SocketSend, ZmqMessage};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("avatar-view-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn view(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_avatar-view")).args(args).env("RUST_LOG", "warn").output().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A bar asset on disk; returns its path and hash.
fn bar_asset(dir: &Path) -> (PathBuf, Asset, [u8; 32]) {
    let a = bar_avatar([8, 2, 2], [1.0, 0.25, 0.25], 0.3, &[], 4, 8).unwrap();
    let path = dir.join("bar.avatar");
    let hash = asset::save(&a, &path).unwrap();
    (path, a, hash)
}

fn fails(args: &[&str], needle: &str) {
    let out = view(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "avatar-view {args:?} should fail");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains(needle), "expected '{needle}' in: {stderr}");
}

#[test]
fn render_a_trajectory_side_by_side_to_frames_and_a_gif() {
    let dir = scratch("traj");
    let (path, a, hash) = bar_asset(&dir);
    let m = a.sim.weights.ncols();
    let steps: Vec<serde_json::Value> = (0..8)
        .map(|k| {
            let mut p = a.sim.rig.rest_params();
            p[12 + 7] = 0.02 * k as f64;
            let z: Vec<f64> = (0..12 * m).map(|i| 0.01 * ((i + k) as f64).sin()).collect();
            serde_json::json!({"t": k as f64 / 120.0, "p": p, "z": z})
        })
        .collect();
    let traj = dir.join("traj.json");
    let doc = serde_json::json!({"asset_hash": asset::hex(&hash), "dt": 1.0 / 120.0, "steps": steps});
    std::fs::write(&traj, doc.to_string()).unwrap();
    let out = dir.join("frames");
    let o = view(&[
        "render",
        "--asset",
        s(&path),
        "--traj",
        s(&traj),
        "--every",
        "2",
        "--side-by-side",
        "--size",
        "64x48",
        "--out",
        s(&out),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let frame = image::open(out.join("frame_0003.png")).unwrap();
    assert_eq!((frame.width(), frame.height()), (128, 48), "two 64x48 views side by side");
    assert!(!out.join("frame_0004.png").exists(), "8 steps, every 2nd: 4 frames");
    assert!(out.join("anim.gif").exists());
    // a trajectory of another asset is refused
    let other = serde_json::json!({"asset_hash": "00".repeat(32), "dt": 0.01, "steps": []});
    std::fs::write(&traj, other.to_string()).unwrap();
    fails(&["render", "--asset", s(&path), "--traj", s(&traj), "--out", s(&out)], "simulated on asset 0000");
}

#[test]
fn missing_assets_and_adapters_are_clear_errors() {
    let dir = scratch("errors");
    fails(&["render", "--asset", s(&dir.join("nope.avatar"))], "nope.avatar");
    std::fs::write(dir.join("junk.avatar"), b"not an asset").unwrap();
    fails(&["render", "--asset", s(&dir.join("junk.avatar"))], "not an avatar asset");
    let (path, _, _) = bar_asset(&dir);
    // no Vulkan driver to be found: the Vulkan backend has no adapter
    let out = Command::new(env!("CARGO_BIN_EXE_avatar-view"))
        .args(["render", "--asset", s(&path), "--backend", "vulkan", "--out", s(&dir)])
        .env("VK_ICD_FILENAMES", "/nonexistent/icd.json")
        .env("VK_DRIVER_FILES", "/nonexistent/icd.json")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("no graphics adapter"), "{stderr}");
    fails(&["render", "--asset", s(&path), "--size", "0x10"], "WIDTHxHEIGHT");
}

/// Publish `AvatarState`s of `hash` at 120 Hz on the bound `socket` until `stop`.
async fn publish(
    mut socket: zeromq::PubSocket,
    a: Asset,
    hash: Vec<u8>,
    stop: tokio::sync::oneshot::Receiver<()>,
) {
    let m = a.sim.weights.ncols();
    let mut tick = tokio::time::interval(Duration::from_micros(8333));
    tokio::pin!(stop);
    for seq in 1u64.. {
        tokio::select! {
            _ = &mut stop => return,
            _ = tick.tick() => {}
        }
        let mut p: Vec<f32> = a.sim.rig.rest_params().iter().map(|&x| x as f32).collect();
        p[12 + 7] = 0.01 * (seq as f32 * 0.1).sin();
        let state = AvatarState {
            avatar_id: "bar".into(),
            seq,
            asset_hash: hash.clone(),
            p,
            z: vec![0.001; 12 * m],
            run_id: 7,
            ..Default::default()
        };
        let mut msg = ZmqMessage::from("state/bar/");
        msg.push_back(encode(&Message::State(state)).into());
        let _ = socket.send(msg).await;
    }
}

#[test]
fn follow_draws_the_newest_state_at_its_own_rate_and_refuses_another_asset() {
    let dir = scratch("follow");
    let (path, a, hash) = bar_asset(&dir);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let out = dir.join("live");
    // `avatar-view follow` (6 frames at 20 fps) against a 120 Hz stream announcing `announced`.
    let follow = |announced: Vec<u8>| {
        // bound on port 0 here, so the endpoint handed to `follow` is the port the OS gave
        let (socket, endpoint) = rt.block_on(async {
            let mut socket = zeromq::PubSocket::new();
            let endpoint = socket.bind("tcp://127.0.0.1:0").await.unwrap().to_string();
            (socket, endpoint)
        });
        let (stop, stopped) = tokio::sync::oneshot::channel();
        rt.spawn(publish(socket, a.clone(), announced, stopped));
        let args = ["--avatar", "bar", "--fps", "20", "--frames", "6", "--size", "48x48", "--out", s(&out)];
        let o = view(&[&["follow", "--asset", s(&path), "--state", &endpoint][..], &args[..]].concat());
        let _ = stop.send(());
        o
    };
    let o = follow(hash.to_vec());
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.join("frame_0005.png").exists());
    // 120 Hz states drawn at 20 fps: most states are skipped, and counted
    let skipped: u64 =
        stdout.split(" states skipped").next().unwrap().rsplit(' ').next().unwrap().parse().unwrap();
    assert!(skipped >= 10, "{stdout}");
    // the same stream announcing another asset
    let o = follow(vec![1; 32]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(stderr.contains("asset mismatch"), "{stderr}");
}
