//! Tests on synthetic speech from espeak-ng (`assets/fixtures/speech/`, made by `tools/make-speech`; see its
//! README). Ground truth comes from how each clip was made: which phoneme espeak-ng was asked to say, and the
//! digital silence the script put around it (0.3 s before, 0.5 s after; 0.2 s each side for the rate clips, 0.1 s for
//! the fricatives).

use super::*;
use proptest::prelude::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

const MS: i64 = 1_000_000;
/// Silence before the speech in every fixture but the rate clips (s).
const LEAD_S: f64 = 0.3;
/// Silence after it (s).
const TAIL_S: f64 = 0.5;
/// The analysis window (ms): an observation covers `[time_ns − WINDOW_MS, time_ns]`.
const WINDOW_MS: i64 = 25;

fn fixture(name: &str) -> (u32, Vec<f32>) {
    let path = format!("{}/../assets/fixtures/speech/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut reader = hound::WavReader::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let spec = reader.spec();
    assert_eq!((spec.channels, spec.bits_per_sample), (1, 16), "{path}");
    let samples = reader.samples::<i16>().map(|s| s.unwrap() as f32 / 32768.0).collect();
    (spec.sample_rate, samples)
}

/// The speech span `[onset, offset)` in samples, from the silence the script put before and after it; checks
/// that the clip really is digitally silent there and not at the span's edges.
fn speech_span(name: &str, rate: u32, samples: &[f32], lead_s: f64, tail_s: f64) -> (usize, usize) {
    let onset = (lead_s * rate as f64).round() as usize;
    let offset = samples.len() - (tail_s * rate as f64).round() as usize;
    assert!(samples[..onset].iter().all(|&x| x == 0.0), "{name}: lead not silent");
    assert!(samples[offset..].iter().all(|&x| x == 0.0), "{name}: tail not silent");
    let edge = rate as usize / 1000; // 1 ms
    assert!(samples[onset..onset + edge].iter().any(|&x| x != 0.0), "{name}: silent at the onset");
    assert!(samples[offset - edge..offset].iter().any(|&x| x != 0.0), "{name}: silent at the offset");
    (onset, offset)
}

fn ns_of(sample: usize, rate: u32) -> i64 {
    (sample as i128 * 1_000_000_000 / rate as i128) as i64
}

/// Feed `samples` in `chunk_ms` chunks, the first captured at time 0, as a browser would; the mouth after each.
fn run(lip: &mut LipSync, rate: u32, samples: &[f32], chunk_ms: usize) -> Vec<Visemes> {
    let chunk = rate as usize * chunk_ms / 1000;
    let mut out = Vec::new();
    for (i, c) in samples.chunks(chunk).enumerate() {
        lip.push(rate, c, ns_of(i * chunk, rate)).unwrap();
        out.push(lip.visemes());
    }
    out
}

fn largest(w: &[f32; 5]) -> usize {
    (0..5).max_by(|&a, &b| w[a].total_cmp(&w[b])).unwrap()
}

fn max_weight(v: &Visemes) -> f32 {
    v.weights.iter().copied().fold(0.0, f32::max)
}

/// Over the observations whose analysis window lies inside `[onset, offset)` (ns): (how many, the share the
/// analyser calls voiced, the share of those whose largest weight is `viseme`).
fn vowel_score(mouth: &[Visemes], onset: i64, offset: i64, viseme: usize) -> (usize, f64, f64) {
    let inside: Vec<_> =
        mouth.iter().filter(|v| v.time_ns - WINDOW_MS * MS >= onset && v.time_ns < offset).collect();
    let voiced: Vec<_> = inside.iter().filter(|v| v.voiced).collect();
    let right = voiced.iter().filter(|v| largest(&v.weights) == viseme).count();
    let share = |n: usize, of: usize| if of == 0 { 0.0 } else { n as f64 / of as f64 };
    (inside.len(), share(voiced.len(), inside.len()), share(right, voiced.len()))
}

const VOICES: [(&str, &str); 2] = [("m", "en-us (male)"), ("f", "en-us+f3 (female)")];

#[test]
fn speech_vowels_are_recognised() {
    let mut table = String::from("voice              viseme  frames  voiced  right\n");
    let mut failed = false;
    for (tag, voice) in VOICES {
        for (viseme, name) in VISEMES.iter().enumerate() {
            let clip = format!("vowel_{name}_{tag}.wav");
            let (rate, samples) = fixture(&clip);
            let (onset, offset) = speech_span(&clip, rate, &samples, LEAD_S, TAIL_S);
            let mouth = run(&mut LipSync::default(), rate, &samples, 20);
            let (frames, voiced, right) =
                vowel_score(&mouth, ns_of(onset, rate), ns_of(offset, rate), viseme);
            failed |= frames < 10 || voiced < 0.8 || right < 0.8;
            table += &format!(
                "{voice:<18} {name:<6} {frames:>7} {:>6.0}% {:>5.0}%\n",
                100.0 * voiced,
                100.0 * right
            );
        }
    }
    println!("{table}");
    assert!(!failed, "a vowel is under 80 % voiced or under 80 % recognised:\n{table}");
}

#[test]
fn speech_mouth_opens_within_60_ms_of_a_vowel() {
    let mut report = String::new();
    let mut failed = false;
    for (tag, _) in VOICES {
        for name in VISEMES {
            let clip = format!("vowel_{name}_{tag}.wav");
            let (rate, samples) = fixture(&clip);
            let (onset, _) = speech_span(&clip, rate, &samples, LEAD_S, TAIL_S);
            let onset_ns = ns_of(onset, rate);
            let mouth = run(&mut LipSync::default(), rate, &samples, 20);
            assert!(mouth.iter().filter(|v| v.time_ns < onset_ns).all(|v| max_weight(v) == 0.0), "{clip}");
            let open = mouth.iter().find(|v| max_weight(v) > 0.3).map(|v| v.time_ns - onset_ns);
            failed |= open.is_none_or(|t| t > 60 * MS);
            report += &format!("{clip}: open {:?} ms after the onset\n", open.map(|t| t / MS));
        }
    }
    println!("{report}");
    assert!(!failed, "{report}");
}

/// All weights < 0.1 from 150 ms after the speech ends to the end of the clip; and open (> 0.5) during it.
#[test]
fn speech_mouth_closes_within_150_ms_of_silence() {
    let mut report = String::new();
    let mut failed = false;
    let clips = VOICES
        .iter()
        .flat_map(|(tag, _)| {
            let vowels = VISEMES.iter().map(move |v| format!("vowel_{v}_{tag}.wav"));
            std::iter::once(format!("sentence_{tag}.wav")).chain(vowels)
        })
        .collect::<Vec<_>>();
    for clip in clips {
        let (rate, samples) = fixture(&clip);
        let (onset, offset) = speech_span(&clip, rate, &samples, LEAD_S, TAIL_S);
        let (onset_ns, offset_ns) = (ns_of(onset, rate), ns_of(offset, rate));
        let mouth = run(&mut LipSync::default(), rate, &samples, 20);
        let peak = mouth.iter().filter(|v| v.time_ns < offset_ns).map(max_weight).fold(0.0, f32::max);
        // The last observation still open, relative to the end of the speech.
        let last_open = mouth.iter().rev().find(|v| max_weight(v) >= 0.1).map(|v| v.time_ns - offset_ns);
        let closed_by = mouth.iter().rev().take_while(|v| max_weight(v) < 0.1).last().map(|v| v.time_ns);
        failed |= peak <= 0.5 || last_open.is_none_or(|t| t >= 150 * MS) || closed_by.is_none();
        report += &format!(
            "{clip}: speech {}-{} ms, peak {peak:.2}, last open {:?} ms after its end\n",
            onset_ns / MS,
            offset_ns / MS,
            last_open.map(|t| t / MS)
        );
    }
    println!("{report}");
    assert!(!failed, "{report}");
}

/// RMS level of `samples` in dBFS (independent of the analyser's own level measure).
fn rms_db(samples: &[f32]) -> f32 {
    let mean_square = samples.iter().map(|&x| (x as f64).powi(2)).sum::<f64>() / samples.len() as f64;
    (10.0 * mean_square.log10()) as f32
}

#[test]
fn speech_noise_and_fricatives_keep_the_mouth_shut() {
    let gate = LipSyncParams::default().silence_db;
    for clip in ["noise.wav", "rumble.wav", "fricative_s_m.wav", "fricative_sh_m.wav"] {
        let (rate, samples) = fixture(clip);
        let loud: Vec<f32> = samples.iter().copied().filter(|&x| x != 0.0).collect();
        // Louder than the silence gate: only the voicing check can keep the mouth shut.
        assert!(rms_db(&loud) > gate + 10.0, "{clip}: {} dBFS", rms_db(&loud));
        let mouth = run(&mut LipSync::default(), rate, &samples, 20);
        let worst = mouth.iter().map(max_weight).fold(0.0, f32::max);
        let voiced = mouth.iter().filter(|v| v.voiced).count();
        assert!(worst < 0.1, "{clip}: the mouth opened to {worst} ({voiced} of {} voiced)", mouth.len());
    }
}

#[test]
fn speech_gain_scales_the_level_and_zero_shuts_the_mouth() {
    let (rate, samples) = fixture("vowel_aa_m.wav");
    let plain = run(&mut LipSync::default(), rate, &samples, 20);
    let half = LipSyncParams { gain: 0.5, ..LipSyncParams::default() };
    let halved = run(&mut LipSync::new(half), rate, &samples, 20);
    for (a, b) in plain.iter().zip(&halved) {
        if a.level_db > -100.0 {
            assert!((a.level_db + 20.0 * 0.5f32.log10() - b.level_db).abs() < 0.01, "{a:?} {b:?}");
        }
    }
    for gain in [0.0, -1.0, f32::NAN, 1e-3] {
        let params = LipSyncParams { gain, ..LipSyncParams::default() };
        let mouth = run(&mut LipSync::new(params), rate, &samples, 20);
        assert!(mouth.iter().all(|v| max_weight(v) == 0.0 && !v.voiced), "gain {gain}");
    }
    // The same through set_params, mid-stream: the mouth shuts.
    let mut lip = LipSync::default();
    let half_way = samples.len() / 2;
    run(&mut lip, rate, &samples[..half_way], 20);
    assert!(max_weight(&lip.visemes()) > 0.3);
    lip.set_params(LipSyncParams { gain: 0.0, ..LipSyncParams::default() });
    let rest = run(&mut lip, rate, &samples[half_way..half_way + rate as usize / 5], 20);
    assert!(max_weight(rest.last().unwrap()) < 0.1);
}

#[test]
fn speech_other_rates_give_the_same_vowel() {
    let mut report = String::new();
    let mut failed = false;
    for rate_hz in [8000, 22050, 44100, 48000] {
        let clip = format!("rate_aa_m_{rate_hz}.wav");
        let (rate, samples) = fixture(&clip);
        assert_eq!(rate, rate_hz);
        let (onset, offset) = speech_span(&clip, rate, &samples, 0.2, 0.2);
        let mouth = run(&mut LipSync::default(), rate, &samples, 20);
        let (frames, voiced, right) = vowel_score(&mouth, ns_of(onset, rate), ns_of(offset, rate), 0);
        failed |= frames < 10 || voiced < 0.8 || right < 0.8;
        // Time stamps: the last observation is within a hop (10 ms) of the clip's last sample.
        let end = ns_of(samples.len() - 1, rate);
        let last = mouth.last().unwrap().time_ns;
        assert!(last <= end && end - last <= 10 * MS, "{clip}: last frame at {last} ns, clip ends {end} ns");
        report +=
            &format!("{clip}: {frames} frames, {:.0}% voiced, {:.0}% aa\n", 100.0 * voiced, 100.0 * right);
    }
    println!("{report}");
    assert!(!failed, "{report}");
}

/// A `hz` tone of amplitude 1 at `rate` after conversion to the analysis rate (the first 20 ms dropped, as the
/// filter fills).
fn tone_through_resampler(rate: u32, hz: f64) -> Vec<f64> {
    let mut resampler = resample::Resampler::new();
    resampler.reset(rate);
    let mut out = Vec::new();
    for n in 0..rate as usize / 4 {
        let x = (std::f64::consts::TAU * hz * n as f64 / rate as f64).sin() as f32;
        resampler.push(x, |y| out.push(y as f64));
    }
    out.split_off(lpc::ANALYSIS_RATE as usize / 50)
}

/// Amplitude of the `hz` component of `signal` (at the analysis rate), by projection on a sine and a cosine.
fn amplitude_at(signal: &[f64], hz: f64) -> f64 {
    let w = std::f64::consts::TAU * hz / lpc::ANALYSIS_RATE as f64;
    let (c, s) = signal
        .iter()
        .enumerate()
        .fold((0.0, 0.0), |(c, s), (n, y)| (c + y * (w * n as f64).cos(), s + y * (w * n as f64).sin()));
    2.0 * c.hypot(s) / signal.len() as f64
}

fn db(x: f64) -> f64 {
    20.0 * x.log10()
}

/// The conversion keeps the formant band and removes what would fold into it. A unit tone comes out at its
/// frequency with unit amplitude: within 0.2 dB up to 3.5 kHz from inputs of 16 kHz and more; from slower ones
/// within 0.6 dB up to a quarter of the input rate (2 kHz at 8 kHz), with its image (at `rate − f`) at least
/// 20 dB down. A tone above the analysis Nyquist frequency (8 kHz) must not come out at all (it would appear at
/// `16 kHz − f`): RMS at least 60 dB under the tone's.
#[test]
fn speech_resampler_keeps_the_formant_band_and_blocks_aliases() {
    for rate in [8000, 11_025, 16_000, 22_050, 32_000, 44_100, 48_000] {
        for hz in [300.0, 1000.0, 2000.0, 2500.0, 3500.0] {
            let out = tone_through_resampler(rate, hz);
            let gain_db = db(amplitude_at(&out, hz));
            if rate >= 16_000 {
                assert!(gain_db.abs() < 0.2, "{rate} Hz, {hz} Hz tone: {gain_db:.2} dB");
            } else if hz <= 0.25 * rate as f64 {
                assert!(gain_db.abs() < 0.6, "{rate} Hz, {hz} Hz tone: {gain_db:.2} dB");
                let image_db = db(amplitude_at(&out, rate as f64 - hz));
                assert!(image_db < -20.0, "{rate} Hz, {hz} Hz tone: image at {image_db:.1} dB");
            }
        }
        let mut above = vec![rate as f64 * 0.45];
        if rate > 26_000 {
            above.extend([9000.0, 13_000.0]);
        }
        for hz in above.into_iter().filter(|&f| f > 8500.0) {
            let out = tone_through_resampler(rate, hz);
            let rms = (out.iter().map(|y| y * y).sum::<f64>() / out.len() as f64).sqrt();
            let gain_db = db(rms / std::f64::consts::FRAC_1_SQRT_2);
            assert!(gain_db < -60.0, "{rate} Hz, {hz} Hz tone: {gain_db:.1} dB");
        }
    }
}

#[test]
fn speech_bad_input_is_an_error_and_consumes_nothing() {
    let (rate, samples) = fixture("vowel_ih_f.wav");
    let mut lip = LipSync::default();
    let mut reference = LipSync::default();
    for rate in [0, 1, 7999, 48_001, 96_000, u32::MAX] {
        assert_eq!(lip.push(rate, &samples[..320], 0), Err(SpeechError::UnsupportedRate(rate)));
        assert_eq!(lip.push(rate, &[], 0), Err(SpeechError::UnsupportedRate(rate)));
    }
    assert_eq!(lip.push(rate, &[], 0), Ok(()));
    let chunk = 320;
    let mut opened = false;
    for (i, c) in samples.chunks(chunk).enumerate() {
        let t = ns_of(i * chunk, rate);
        // A bad copy of the chunk first: rejected, nothing consumed.
        let mut bad = c.to_vec();
        let at = i % bad.len();
        bad[at] = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY][i % 3];
        assert_eq!(lip.push(rate, &bad, t), Err(SpeechError::NonFiniteSample { index: at }));
        lip.push(rate, c, t).unwrap();
        reference.push(rate, c, t).unwrap();
        assert_eq!(lip.visemes(), reference.visemes(), "chunk {i}");
        opened |= max_weight(&lip.visemes()) > 0.5;
    }
    assert!(opened);
}

/// `time_ns` is the capture time of the input sample that completed the newest frame, `start_ns + j·10⁹/rate`
/// for the `j`-th sample of its push: frames complete every 160 samples at 16 kHz, i.e. at input sample
/// `160h − 1` at 16 kHz (passed through) and `3(160h − 1) + 2 = 480h − 1` at 48 kHz (output sample `k` lies at
/// input position `3k` and is produced when the input two samples later arrives, the cubic interpolator's
/// support).
#[test]
fn speech_time_stamps_name_the_newest_sample() {
    let start = 1_700_000_000_000_000_000i64;
    for (rate, per_hop, last_of_hop) in [(16_000u32, 160usize, 159usize), (48_000, 480, 479)] {
        let mut lip = LipSync::default();
        let samples = vec![0.0f32; 10 * per_hop];
        // Uneven chunks, each stamped with a time of its own (deliberately not contiguous with the previous
        // chunk's, so each stamp is seen to count only for its own samples).
        let mut pushes = Vec::new(); // (first sample, start_ns) per push
        let mut at = 0;
        for (i, len) in [1, 0, 7, 500, 1000, 3, 2000, 1289, 1].into_iter().enumerate() {
            let end = (at + len).min(samples.len());
            let start_ns = start + i as i64 * 1_000_000_007 + ns_of(at, rate);
            lip.push(rate, &samples[at..end], start_ns).unwrap();
            pushes.push((at, start_ns));
            at = end;
            if at > last_of_hop {
                let newest = (at - last_of_hop - 1) / per_hop * per_hop + last_of_hop;
                let &(first, stamp) = pushes.iter().rev().find(|(first, _)| *first <= newest).unwrap();
                let expected = stamp + ns_of(newest - first, rate);
                assert_eq!(lip.visemes().time_ns, expected, "rate {rate}, {at} samples");
            } else {
                assert_eq!(lip.visemes().time_ns, 0);
            }
        }
    }
}

#[test]
fn speech_a_rate_change_starts_over() {
    let (rate, samples) = fixture("vowel_oh_m.wav");
    let (rate48, samples48) = fixture("rate_aa_m_48000.wav");
    let mut lip = LipSync::default();
    run(&mut lip, rate, &samples[..samples.len() / 2], 20);
    assert!(max_weight(&lip.visemes()) > 0.3);
    // One sample at the new rate: the state is reset, the mouth shut.
    lip.push(rate48, &samples48[..1], 0).unwrap();
    assert_eq!(lip.visemes().weights, [0.0; 5]);
    // From there it behaves as a fresh analyser.
    let mut fresh = LipSync::default();
    fresh.push(rate48, &samples48[..1], 0).unwrap();
    let a = run(&mut lip, rate48, &samples48[1..], 20);
    let b = run(&mut fresh, rate48, &samples48[1..], 20);
    assert_eq!(a, b);
    assert!(a.iter().any(|v| max_weight(v) > 0.3));
}

#[test]
fn speech_silence_never_opens_the_mouth() {
    let mut lip = LipSync::default();
    let mouth = run(&mut lip, 44_100, &vec![0.0; 44_100], 20);
    assert!(mouth
        .iter()
        .all(|v| *v == Visemes { time_ns: v.time_ns, level_db: -120.0, ..Visemes::default() }));
}

/// `len` samples of a vowel-like periodic signal: the first 20 harmonics of `f0` (Hz) at `rate`, harmonic `k`
/// at amplitude `peak/k` (the −6 dB/octave of a glottal source), starting at phase 0.
fn harmonic_chunk(rate: u32, f0: f32, peak: f32, len: usize) -> Vec<f32> {
    (0..len)
        .map(|n| {
            let t = n as f32 / rate as f32;
            (1..=20).map(|k| (std::f32::consts::TAU * f0 * k as f32 * t).sin() / k as f32).sum::<f32>() * peak
        })
        .collect()
}

/// Arbitrary samples, or a vowel-like periodic chunk (which the analyser hears as voiced, so that the opening and
/// the vowel weights are exercised too), at any peak level.
fn chunk_samples() -> impl Strategy<Value = (u32, Vec<f32>)> {
    let rate = prop_oneof![Just(8000u32), Just(16_000), Just(22_050), Just(48_000), 8000u32..=48_000];
    let arbitrary = prop::collection::vec(
        prop_oneof![
            -1.0f32..=1.0,
            -1e6f32..1e6,
            any::<f32>().prop_filter("finite", |x| x.is_finite()),
            Just(0.0f32),
        ],
        0..1200,
    );
    let harmonic = (60.0f32..400.0, prop_oneof![0.0f32..=1.0, 0.0f32..1e4], 0usize..2400);
    (rate, prop_oneof![arbitrary.prop_map(Ok), harmonic.prop_map(Err)]).prop_map(|(rate, kind)| match kind {
        Ok(samples) => (rate, samples),
        Err((f0, peak, len)) => (rate, harmonic_chunk(rate, f0, peak, len)),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Arbitrary chunks at arbitrary supported rates never panic, and the weights stay in [0, 1].
    #[test]
    fn speech_arbitrary_input_is_safe(
        chunks in prop::collection::vec((chunk_samples(), any::<i64>(), any::<bool>()), 0..16),
        gain in prop_oneof![Just(1.0f32), any::<f32>()],
    ) {
        let mut lip = LipSync::new(LipSyncParams { gain, ..LipSyncParams::default() });
        let mut rate_used = None;
        for ((rate, samples), start, keep_rate) in chunks {
            // Mostly one rate, sometimes a change.
            let rate = if keep_rate { *rate_used.get_or_insert(rate) } else { rate };
            rate_used = Some(rate);
            prop_assert!(lip.push(rate, &samples, start).is_ok());
            let v = lip.visemes();
            prop_assert!(v.weights.iter().all(|w| (0.0..=1.0).contains(w)), "{v:?}");
            prop_assert!(v.weights.iter().sum::<f32>() <= 1.0 + 1e-5, "{v:?}");
            prop_assert!(v.level_db.is_finite() && v.level_db >= -120.0, "{v:?}");
        }
    }
}

/// The vowel-like test signal of the property test is heard as voiced and opens the mouth (so the property
/// test does reach the opening and vowel code).
#[test]
fn speech_harmonic_test_signal_is_voiced() {
    for rate in [8000, 16_000, 44_100] {
        let mut lip = LipSync::default();
        let mouth = run(&mut lip, rate, &harmonic_chunk(rate, 120.0, 0.5, rate as usize / 2), 20);
        assert!(mouth.iter().filter(|v| v.voiced).count() >= 20, "{rate}");
        assert!(mouth.iter().any(|v| max_weight(v) > 0.9), "{rate}");
    }
}

/// Counts this thread's heap allocations (the test binary's allocator; tests run on threads of their own).
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; the counter is a const-initialised
// thread-local `Cell` (no allocation or destructor of its own), and `try_with` skips it during thread teardown.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: CountingAllocator = CountingAllocator;

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// After construction, pushing audio (analysis frames, formants, rate changes included) allocates nothing.
#[test]
fn speech_push_does_not_allocate() {
    let clips: Vec<(u32, Vec<f32>)> =
        ["sentence_f.wav", "rate_aa_m_48000.wav", "rate_aa_m_8000.wav", "noise.wav"].map(fixture).into();
    let mut lip = LipSync::default();
    let before = allocations();
    let mut frames = 0;
    for (rate, samples) in &clips {
        for (i, chunk) in samples.chunks(*rate as usize / 50).enumerate() {
            lip.push(*rate, chunk, i as i64 * 20 * MS).unwrap();
            frames += lip.visemes().voiced as usize;
        }
    }
    assert_eq!(allocations() - before, 0);
    assert!(frames > 100, "{frames} voiced frames");
}

/// Issue 54: a stream with one chunk removed counts one gap and the audio it lost; a stream without gaps, or
/// with chunks that overlap, counts none (the daemon closes the mouth while a gap lasts: `retarget/speech.rs`).
#[test]
fn speech_a_removed_chunk_counts_one_gap() {
    let (rate, samples) = fixture("vowel_aa_m.wav");
    let chunk = rate as usize / 50; // 20 ms
    let mut whole = LipSync::default();
    run(&mut whole, rate, &samples, 20);
    assert_eq!((whole.gaps(), whole.lost_ns()), (0, 0));
    let cut = samples.len() / 2 / chunk * chunk;
    let mut lip = LipSync::default();
    for (i, c) in samples.chunks(chunk).enumerate() {
        if i * chunk != cut {
            lip.push(rate, c, ns_of(i * chunk, rate)).unwrap();
        }
    }
    assert_eq!(lip.gaps(), 1);
    assert!((lip.lost_ns() as i64 - ns_of(chunk, rate)).abs() < MS, "{} ns lost", lip.lost_ns());
    // chunks stamped up to 4 ms off (jitter; a 6 ms swing between two): no gap
    let mut jitter = LipSync::default();
    for (i, c) in samples.chunks(chunk).enumerate() {
        let wobble = [0, 2 * MS, -4 * MS][i % 3];
        jitter.push(rate, c, ns_of(i * chunk, rate) + wobble).unwrap();
    }
    assert_eq!(jitter.gaps(), 0);
}
