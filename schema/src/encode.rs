//! Encoding owned messages into FlatBuffers (root `Message`, identifier "AVTR").

use crate::generated as fb;
use crate::types::*;
use flatbuffers::{FlatBufferBuilder, WIPOffset};

type Fbb<'a> = FlatBufferBuilder<'a>;

/// A reusable encoder: keeps its builder's memory between messages (no allocation in steady state).
#[derive(Default)]
pub struct Encoder {
    fbb: FlatBufferBuilder<'static>,
}

impl Encoder {
    pub fn new() -> Self {
        Encoder { fbb: FlatBufferBuilder::with_capacity(4096) }
    }

    /// Encode `msg`; the returned bytes are valid until the next call.
    pub fn encode(&mut self, msg: &Message) -> &[u8] {
        self.fbb.reset();
        let (payload_type, payload) = build_payload(&mut self.fbb, msg);
        let root = fb::Message::create(
            &mut self.fbb,
            &fb::MessageArgs { schema_version: SCHEMA_VERSION, payload_type, payload: Some(payload) },
        );
        fb::finish_message_buffer(&mut self.fbb, root);
        self.fbb.finished_data()
    }
}

/// Encode `msg` into a fresh buffer.
pub fn encode(msg: &Message) -> Vec<u8> {
    Encoder::new().encode(msg).to_vec()
}

fn build_payload(
    fbb: &mut Fbb<'static>,
    msg: &Message,
) -> (fb::Payload, WIPOffset<flatbuffers::UnionWIPOffset>) {
    match msg {
        Message::Pose(m) => (fb::Payload::PoseFrame, pose(fbb, m).as_union_value()),
        Message::Face(m) => (fb::Payload::FaceFrame, face(fbb, m).as_union_value()),
        Message::Hand(m) => (fb::Payload::HandFrame, hand(fbb, m).as_union_value()),
        Message::Audio(m) => (fb::Payload::AudioFrame, audio(fbb, m).as_union_value()),
        Message::Rig(m) => (fb::Payload::RigFrame, rig(fbb, m).as_union_value()),
        Message::State(m) => (fb::Payload::AvatarState, state(fbb, m).as_union_value()),
        Message::Stats(m) => (fb::Payload::Stats, stats(fbb, m).as_union_value()),
        Message::Request(m) => (fb::Payload::ControlRequest, request(fbb, m).as_union_value()),
        Message::Response(m) => (fb::Payload::ControlResponse, response(fbb, m).as_union_value()),
    }
}

fn header<'a>(fbb: &mut Fbb<'a>, h: &FrameHeader) -> WIPOffset<fb::FrameHeader<'a>> {
    let source_id = fbb.create_string(&h.source_id);
    fb::FrameHeader::create(
        fbb,
        &fb::FrameHeaderArgs {
            source_id: Some(source_id),
            stream_id: h.stream_id,
            seq: h.seq,
            capture_time_ns: h.capture_time_ns,
            send_time_ns: h.send_time_ns,
        },
    )
}

fn landmarks<'a>(fbb: &mut Fbb<'a>, l: &[Landmark]) -> WIPOffset<flatbuffers::Vector<'a, fb::Landmark>> {
    let v: Vec<fb::Landmark> =
        l.iter().map(|p| fb::Landmark::new(p.x, p.y, p.z, p.visibility, p.presence)).collect();
    fbb.create_vector(&v)
}

fn named_weights<'a>(
    fbb: &mut Fbb<'a>,
    w: &[NamedWeight],
) -> WIPOffset<flatbuffers::Vector<'a, flatbuffers::ForwardsUOffset<fb::NamedWeight<'a>>>> {
    let items: Vec<_> = w
        .iter()
        .map(|nw| {
            let name = fbb.create_string(&nw.name);
            fb::NamedWeight::create(fbb, &fb::NamedWeightArgs { name: Some(name), value: nw.value })
        })
        .collect();
    fbb.create_vector(&items)
}

fn pose<'a>(fbb: &mut Fbb<'a>, m: &PoseFrame) -> WIPOffset<fb::PoseFrame<'a>> {
    let h = header(fbb, &m.header);
    let lm = landmarks(fbb, &m.landmarks);
    let wl = landmarks(fbb, &m.world_landmarks);
    fb::PoseFrame::create(
        fbb,
        &fb::PoseFrameArgs {
            header: Some(h),
            image_width: m.image_width,
            image_height: m.image_height,
            person_index: m.person_index,
            landmarks: Some(lm),
            world_landmarks: Some(wl),
        },
    )
}

fn face<'a>(fbb: &mut Fbb<'a>, m: &FaceFrame) -> WIPOffset<fb::FaceFrame<'a>> {
    let h = header(fbb, &m.header);
    let pts: Vec<fb::Vec3> = m.landmarks.iter().map(|p| fb::Vec3::new(p[0], p[1], p[2])).collect();
    let lm = fbb.create_vector(&pts);
    let bs = named_weights(fbb, &m.blendshapes);
    let xf = m.facial_transform.map(|t| fb::Mat4::new(&t));
    fb::FaceFrame::create(
        fbb,
        &fb::FaceFrameArgs {
            header: Some(h),
            image_width: m.image_width,
            image_height: m.image_height,
            face_index: m.face_index,
            landmarks: Some(lm),
            blendshapes: Some(bs),
            facial_transform: xf.as_ref(),
        },
    )
}

fn audio<'a>(fbb: &mut Fbb<'a>, m: &AudioFrame) -> WIPOffset<fb::AudioFrame<'a>> {
    let h = header(fbb, &m.header);
    let samples = fbb.create_vector(&m.samples);
    fb::AudioFrame::create(
        fbb,
        &fb::AudioFrameArgs { header: Some(h), sample_rate: m.sample_rate, samples: Some(samples) },
    )
}

fn hand<'a>(fbb: &mut Fbb<'a>, m: &HandFrame) -> WIPOffset<fb::HandFrame<'a>> {
    let h = header(fbb, &m.header);
    let points = |fbb: &mut Fbb<'a>, v: &[[f32; 3]]| {
        let pts: Vec<fb::Vec3> = v.iter().map(|p| fb::Vec3::new(p[0], p[1], p[2])).collect();
        fbb.create_vector(&pts)
    };
    let lm = points(fbb, &m.landmarks);
    let wl = points(fbb, &m.world_landmarks);
    fb::HandFrame::create(
        fbb,
        &fb::HandFrameArgs {
            header: Some(h),
            image_width: m.image_width,
            image_height: m.image_height,
            hand_index: m.hand_index,
            handedness: match m.handedness {
                Handedness::Left => fb::Handedness::Left,
                Handedness::Right => fb::Handedness::Right,
            },
            handedness_score: m.handedness_score,
            landmarks: Some(lm),
            world_landmarks: Some(wl),
        },
    )
}

fn rig<'a>(fbb: &mut Fbb<'a>, m: &RigFrame) -> WIPOffset<fb::RigFrame<'a>> {
    let h = header(fbb, &m.header);
    let bones: Vec<_> = m
        .bones
        .iter()
        .map(|b| {
            let name = fbb.create_string(&b.name);
            let [x, y, z, w] = b.rotation;
            let rotation = fb::Quat::new(x, y, z, w);
            let translation = b.translation.map(|t| fb::Vec3::new(t[0], t[1], t[2]));
            fb::BoneTransform::create(
                fbb,
                &fb::BoneTransformArgs {
                    name: Some(name),
                    rotation: Some(&rotation),
                    translation: translation.as_ref(),
                },
            )
        })
        .collect();
    let bones = fbb.create_vector(&bones);
    let bs = named_weights(fbb, &m.blendshapes);
    let root = m.root_position.map(|t| fb::Vec3::new(t[0], t[1], t[2]));
    fb::RigFrame::create(
        fbb,
        &fb::RigFrameArgs {
            header: Some(h),
            bones: Some(bones),
            blendshapes: Some(bs),
            root_position: root.as_ref(),
        },
    )
}

fn state<'a>(fbb: &mut Fbb<'a>, m: &AvatarState) -> WIPOffset<fb::AvatarState<'a>> {
    let id = fbb.create_string(&m.avatar_id);
    let hash = fbb.create_vector(&m.asset_hash);
    let p = fbb.create_vector(&m.p);
    let z = fbb.create_vector(&m.z);
    let held = fbb.create_vector(&m.held);
    fb::AvatarState::create(
        fbb,
        &fb::AvatarStateArgs {
            avatar_id: Some(id),
            seq: m.seq,
            sim_time_ns: m.sim_time_ns,
            publish_time_ns: m.publish_time_ns,
            input_seq: m.input_seq,
            input_capture_time_ns: m.input_capture_time_ns,
            asset_hash: Some(hash),
            p: Some(p),
            z: Some(z),
            flags: fb::StateFlags::from_bits_retain(m.flags),
            dropped_before: m.dropped_before,
            run_id: m.run_id,
            held: Some(held),
        },
    )
}

fn stats<'a>(fbb: &mut Fbb<'a>, m: &Stats) -> WIPOffset<fb::Stats<'a>> {
    let daemon_id = fbb.create_string(&m.daemon_id);
    let counters: Vec<_> = m
        .counters
        .iter()
        .map(|c| {
            let name = fbb.create_string(&c.name);
            fb::Counter::create(fbb, &fb::CounterArgs { name: Some(name), value: c.value })
        })
        .collect();
    let counters = fbb.create_vector(&counters);
    let histograms: Vec<_> = m
        .histograms
        .iter()
        .map(|h| {
            let name = fbb.create_string(&h.name);
            let unit = fbb.create_string(&h.unit);
            let upper_bounds = fbb.create_vector(&h.upper_bounds);
            let counts = fbb.create_vector(&h.counts);
            fb::Histogram::create(
                fbb,
                &fb::HistogramArgs {
                    name: Some(name),
                    unit: Some(unit),
                    upper_bounds: Some(upper_bounds),
                    counts: Some(counts),
                    count: h.count,
                    sum: h.sum,
                    p50: h.p50,
                    p99: h.p99,
                    max: h.max,
                },
            )
        })
        .collect();
    let histograms = fbb.create_vector(&histograms);
    fb::Stats::create(
        fbb,
        &fb::StatsArgs {
            daemon_id: Some(daemon_id),
            time_ns: m.time_ns,
            uptime_ns: m.uptime_ns,
            counters: Some(counters),
            histograms: Some(histograms),
        },
    )
}

fn request<'a>(fbb: &mut Fbb<'a>, m: &ControlRequest) -> WIPOffset<fb::ControlRequest<'a>> {
    let (request_type, body) = match &m.request {
        Request::ListAvatars => {
            (fb::Request::ListAvatars, fb::ListAvatars::create(fbb, &fb::ListAvatarsArgs {}).as_union_value())
        }
        Request::GetAsset { avatar_id, offset, max_len } => {
            let id = fbb.create_string(avatar_id);
            let args = fb::GetAssetArgs { avatar_id: Some(id), offset: *offset, max_len: *max_len };
            (fb::Request::GetAsset, fb::GetAsset::create(fbb, &args).as_union_value())
        }
        Request::SetParams { avatar_id, params } => {
            let id = fbb.create_string(avatar_id);
            let params = named_weights(fbb, params);
            let args = fb::SetParamsArgs { avatar_id: Some(id), params: Some(params) };
            (fb::Request::SetParams, fb::SetParams::create(fbb, &args).as_union_value())
        }
        Request::ResetAvatar { avatar_id } => {
            let id = fbb.create_string(avatar_id);
            let args = fb::ResetAvatarArgs { avatar_id: Some(id) };
            (fb::Request::ResetAvatar, fb::ResetAvatar::create(fbb, &args).as_union_value())
        }
        Request::GetStats => {
            (fb::Request::GetStats, fb::GetStats::create(fbb, &fb::GetStatsArgs {}).as_union_value())
        }
        Request::GetState { avatar_id } => {
            let id = fbb.create_string(avatar_id);
            let args = fb::GetStateArgs { avatar_id: Some(id) };
            (fb::Request::GetState, fb::GetState::create(fbb, &args).as_union_value())
        }
    };
    fb::ControlRequest::create(
        fbb,
        &fb::ControlRequestArgs { request_id: m.request_id, request_type, request: Some(body) },
    )
}

fn response<'a>(fbb: &mut Fbb<'a>, m: &ControlResponse) -> WIPOffset<fb::ControlResponse<'a>> {
    let error = m.error.as_deref().map(|e| fbb.create_string(e));
    let (response_type, body) = match &m.response {
        None => (fb::Response::NONE, None),
        Some(Response::AvatarList { avatars }) => {
            let items: Vec<_> = avatars
                .iter()
                .map(|a| {
                    let avatar_id = fbb.create_string(&a.avatar_id);
                    let topic = fbb.create_string(&a.topic);
                    let asset_hash = fbb.create_vector(&a.asset_hash);
                    fb::AvatarInfo::create(
                        fbb,
                        &fb::AvatarInfoArgs {
                            avatar_id: Some(avatar_id),
                            topic: Some(topic),
                            asset_hash: Some(asset_hash),
                            asset_len: a.asset_len,
                            num_p: a.num_p,
                            num_z: a.num_z,
                            tick_hz: a.tick_hz,
                        },
                    )
                })
                .collect();
            let avatars = fbb.create_vector(&items);
            let list = fb::AvatarList::create(fbb, &fb::AvatarListArgs { avatars: Some(avatars) });
            (fb::Response::AvatarList, Some(list.as_union_value()))
        }
        Some(Response::AssetChunk(c)) => {
            let avatar_id = fbb.create_string(&c.avatar_id);
            let asset_hash = fbb.create_vector(&c.asset_hash);
            let data = fbb.create_vector(&c.data);
            let chunk = fb::AssetChunk::create(
                fbb,
                &fb::AssetChunkArgs {
                    avatar_id: Some(avatar_id),
                    asset_hash: Some(asset_hash),
                    total_len: c.total_len,
                    offset: c.offset,
                    data: Some(data),
                },
            );
            (fb::Response::AssetChunk, Some(chunk.as_union_value()))
        }
        Some(Response::Stats(s)) => (fb::Response::Stats, Some(stats(fbb, s).as_union_value())),
        Some(Response::AvatarState(s)) => (fb::Response::AvatarState, Some(state(fbb, s).as_union_value())),
        Some(Response::Ack) => {
            (fb::Response::Ack, Some(fb::Ack::create(fbb, &fb::AckArgs {}).as_union_value()))
        }
    };
    fb::ControlResponse::create(
        fbb,
        &fb::ControlResponseArgs {
            request_id: m.request_id,
            status: status_to_fb(m.status),
            error,
            response_type,
            response: body,
        },
    )
}

pub(crate) fn status_to_fb(s: Status) -> fb::Status {
    match s {
        Status::Ok => fb::Status::Ok,
        Status::BadRequest => fb::Status::BadRequest,
        Status::NotFound => fb::Status::NotFound,
        Status::InvalidParam => fb::Status::InvalidParam,
        Status::Unsupported => fb::Status::Unsupported,
        Status::Internal => fb::Status::Internal,
    }
}
