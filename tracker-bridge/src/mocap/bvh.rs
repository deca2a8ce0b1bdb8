//! The BVH reader: `HIERARCHY` and `MOTION` parsed strictly into a [`Bvh`] (format: see the [`crate::mocap`]
//! documentation), and its error type [`BvhError`]. Forward kinematics and the conversion to rig frames are in
//! `rig_frames`.

use avatar_schema::decode::{MAX_NAMED_ITEMS, MAX_NAME_BYTES};
use nalgebra::Vector3;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Largest magnitude accepted for any number in a file (offsets, channel values, frame time); larger values are
/// [`BvhError::OutOfRange`], so that every converted value stays finite in `f32`.
pub const MAX_ABS_VALUE: f64 = 1e9;

/// Errors from reading a BVH file. Every parse error carries the 1-based line where it was detected
/// ([`BvhError::line`]).
#[derive(Debug, Error)]
pub enum BvhError {
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error("line {line}: unexpected `{found}`, expected {expected}")]
    UnknownKeyword { line: usize, found: String, expected: &'static str },
    #[error("line {line}: unexpected end of file, expected {expected}")]
    UnexpectedEof { line: usize, expected: &'static str },
    #[error("line {line}: `{text}` is not a number")]
    BadNumber { line: usize, text: String },
    #[error("line {line}: `{text}` is not finite")]
    NonFinite { line: usize, text: String },
    #[error("line {line}: {value:e} is out of range (magnitude above {MAX_ABS_VALUE:e})")]
    OutOfRange { line: usize, value: f64 },
    #[error("line {line}: expected `{{` to open {what}, found {found}")]
    MissingOpenBrace { line: usize, what: String, found: String },
    #[error("line {line}: found {found} before the `}}` closing {what} (opened at line {open_line})")]
    MissingCloseBrace { line: usize, found: String, what: String, open_line: usize },
    #[error("line {line}: bad CHANNELS: {problem}")]
    BadChannels { line: usize, problem: String },
    #[error("line {line}: bad joint: {problem}")]
    BadJoint { line: usize, problem: String },
    #[error("line {line}: frame row has {found} values, expected {expected} (one per channel)")]
    ChannelCountMismatch { line: usize, expected: usize, found: usize },
    #[error("line {line}: file ends after {found} frame rows, `Frames: {declared}` at line {declared_line}")]
    TooFewFrames { line: usize, declared: usize, found: usize, declared_line: usize },
    #[error("line {line}: one frame row more than `Frames: {declared}` at line {declared_line}")]
    TooManyFrames { line: usize, declared: usize, declared_line: usize },
    #[error("line {line}: frame time {value} s must be positive")]
    BadFrameTime { line: usize, value: f64 },
    #[error("line {line}: MOTION before any joint (HIERARCHY has no ROOT)")]
    NoJoints { line: usize },
    #[error("scale `{text}`: {problem}")]
    BadScale { text: String, problem: &'static str },
}

impl BvhError {
    /// The 1-based line of a parse error; `None` for I/O and scale errors.
    pub fn line(&self) -> Option<usize> {
        use BvhError::*;
        match self {
            Io { .. } | BadScale { .. } => None,
            UnknownKeyword { line, .. }
            | UnexpectedEof { line, .. }
            | BadNumber { line, .. }
            | NonFinite { line, .. }
            | OutOfRange { line, .. }
            | MissingOpenBrace { line, .. }
            | MissingCloseBrace { line, .. }
            | BadChannels { line, .. }
            | BadJoint { line, .. }
            | ChannelCountMismatch { line, .. }
            | TooFewFrames { line, .. }
            | TooManyFrames { line, .. }
            | BadFrameTime { line, .. }
            | NoJoints { line } => Some(*line),
        }
    }
}

/// One BVH channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channel {
    Xposition,
    Yposition,
    Zposition,
    Xrotation,
    Yrotation,
    Zrotation,
}

impl Channel {
    pub const ALL: [Channel; 6] = [
        Channel::Xposition,
        Channel::Yposition,
        Channel::Zposition,
        Channel::Xrotation,
        Channel::Yrotation,
        Channel::Zrotation,
    ];

    /// The name as written in a file.
    pub fn name(self) -> &'static str {
        match self {
            Channel::Xposition => "Xposition",
            Channel::Yposition => "Yposition",
            Channel::Zposition => "Zposition",
            Channel::Xrotation => "Xrotation",
            Channel::Yrotation => "Yrotation",
            Channel::Zrotation => "Zrotation",
        }
    }

    /// Parse a channel name (case-sensitive, as in the format).
    pub fn from_name(s: &str) -> Option<Channel> {
        Channel::ALL.into_iter().find(|c| c.name() == s)
    }

    /// 0, 1, 2 for the x, y, z axis.
    pub fn axis(self) -> usize {
        match self {
            Channel::Xposition | Channel::Xrotation => 0,
            Channel::Yposition | Channel::Yrotation => 1,
            Channel::Zposition | Channel::Zrotation => 2,
        }
    }

    pub fn is_rotation(self) -> bool {
        matches!(self, Channel::Xrotation | Channel::Yrotation | Channel::Zrotation)
    }
}

/// A joint of the hierarchy. Joints are stored in file order, so a parent always comes before its children and
/// the root(s) have `parent: None`.
#[derive(Clone, Debug, PartialEq)]
pub struct Joint {
    pub name: String,
    pub parent: Option<usize>,
    /// Rest position in the parent's frame (file units).
    pub offset: [f64; 3],
    pub channels: Vec<Channel>,
    /// Index of this joint's first channel in a frame row.
    pub first_channel: usize,
    /// Offsets of the joint's `End Site`s (chain tips), in its frame; not joints themselves.
    pub end_sites: Vec<[f64; 3]>,
}

/// A parsed BVH file.
#[derive(Clone, Debug, PartialEq)]
pub struct Bvh {
    pub joints: Vec<Joint>,
    /// Seconds per frame (> 0).
    pub frame_time: f64,
    /// One row per frame, [`Bvh::channel_count`] values each, all finite.
    pub frames: Vec<Vec<f64>>,
}

impl Bvh {
    /// Read and parse a file. Bytes that are not UTF-8 are replaced (they can only be part of a joint name or an
    /// error).
    pub fn read(path: &Path) -> Result<Bvh, BvhError> {
        let bytes = std::fs::read(path).map_err(|source| BvhError::Io { path: path.to_owned(), source })?;
        Bvh::parse(&String::from_utf8_lossy(&bytes))
    }

    /// Parse the text of a BVH file (see the [`crate::mocap`] documentation for the accepted format).
    pub fn parse(text: &str) -> Result<Bvh, BvhError> {
        Parser::new(text).parse()
    }

    /// Values per frame row: the number of channels of all joints.
    pub fn channel_count(&self) -> usize {
        self.joints.iter().map(|j| j.channels.len()).sum()
    }

    /// Index of the joint called `name`.
    pub fn joint(&self, name: &str) -> Option<usize> {
        self.joints.iter().position(|j| j.name == name)
    }

    /// Duration of the motion: frames × frame time, in seconds.
    pub fn duration(&self) -> f64 {
        self.frames.len() as f64 * self.frame_time
    }

    /// The values of `joint`'s position channels in `frame` (file units; zero for an axis without a channel):
    /// its displacement from its rest offset.
    ///
    /// # Panics
    /// If `frame` or `joint` is out of range.
    pub fn channel_translation(&self, frame: usize, joint: usize) -> [f64; 3] {
        let j = &self.joints[joint];
        let row = &self.frames[frame][j.first_channel..j.first_channel + j.channels.len()];
        let mut t = [0.0; 3];
        for (c, v) in j.channels.iter().zip(row) {
            if !c.is_rotation() {
                t[c.axis()] = *v;
            }
        }
        t
    }

    /// Whether `joint` has at least one position channel.
    pub fn has_position_channels(&self, joint: usize) -> bool {
        self.joints[joint].channels.iter().any(|c| !c.is_rotation())
    }

    /// Position of the (first) root in `frame`: its offset plus its position channels, file units, in the file's
    /// world frame (absolute, not relative to the first frame).
    ///
    /// # Panics
    /// If `frame` is out of range.
    pub fn root_position(&self, frame: usize) -> [f64; 3] {
        (Vector3::from(self.joints[0].offset) + Vector3::from(self.channel_translation(frame, 0))).into()
    }
}

// ---------------------------------------------------------------------------------------------------------------
// parser

#[derive(Clone, Copy)]
struct Tok<'a> {
    line: usize,
    s: &'a str,
}

struct Parser<'a> {
    toks: Vec<Tok<'a>>,
    pos: usize,
    /// Line reported for the end of the file.
    last_line: usize,
}

/// An open `{` block: a joint (index) or an End Site (of a joint).
struct Open {
    joint: usize,
    end_site: bool,
    line: usize,
}

/// At most this many characters of an offending token are quoted in an error.
const QUOTE_CHARS: usize = 40;

fn quote(s: &str) -> String {
    match s.char_indices().nth(QUOTE_CHARS) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_owned(),
    }
}

fn describe(tok: Option<Tok>) -> String {
    match tok {
        Some(t) => format!("`{}`", quote(t.s)),
        None => "end of file".to_owned(),
    }
}

fn parse_f64(t: Tok) -> Result<f64, BvhError> {
    let v: f64 = t.s.parse().map_err(|_| BvhError::BadNumber { line: t.line, text: quote(t.s) })?;
    if !v.is_finite() {
        return Err(BvhError::NonFinite { line: t.line, text: quote(t.s) });
    }
    if v.abs() > MAX_ABS_VALUE {
        return Err(BvhError::OutOfRange { line: t.line, value: v });
    }
    Ok(v)
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        let mut toks = Vec::new();
        let mut last_line = 1;
        for (i, line) in text.lines().enumerate() {
            last_line = i + 1;
            toks.extend(line.split_whitespace().map(|s| Tok { line: i + 1, s }));
        }
        Parser { toks, pos: 0, last_line }
    }

    fn peek(&self) -> Option<Tok<'a>> {
        self.toks.get(self.pos).copied()
    }

    fn next(&mut self) -> Option<Tok<'a>> {
        let t = self.peek();
        self.pos += t.is_some() as usize;
        t
    }

    fn next_or_eof(&mut self, expected: &'static str) -> Result<Tok<'a>, BvhError> {
        self.next().ok_or(BvhError::UnexpectedEof { line: self.last_line, expected })
    }

    fn number(&mut self, expected: &'static str) -> Result<f64, BvhError> {
        parse_f64(self.next_or_eof(expected)?)
    }

    /// The next token, which must be `word`.
    fn keyword(&mut self, word: &'static str, expected: &'static str) -> Result<Tok<'a>, BvhError> {
        let t = self.next_or_eof(expected)?;
        if t.s != word {
            return Err(BvhError::UnknownKeyword { line: t.line, found: quote(t.s), expected });
        }
        Ok(t)
    }

    fn open_brace(&mut self, what: impl FnOnce() -> String) -> Result<usize, BvhError> {
        match self.next() {
            Some(t) if t.s == "{" => Ok(t.line),
            t => Err(BvhError::MissingOpenBrace {
                line: t.map_or(self.last_line, |t| t.line),
                what: what(),
                found: describe(t),
            }),
        }
    }

    fn parse(mut self) -> Result<Bvh, BvhError> {
        self.keyword("HIERARCHY", "`HIERARCHY` at the start of the file")?;
        let mut joints: Vec<Joint> = Vec::new();
        let motion_line = loop {
            let t = self.next_or_eof("`ROOT` or `MOTION`")?;
            match t.s {
                "ROOT" => self.joint_tree(t, &mut joints)?,
                "MOTION" => break t.line,
                _ => {
                    return Err(BvhError::UnknownKeyword {
                        line: t.line,
                        found: quote(t.s),
                        expected: "`ROOT` or `MOTION`",
                    })
                }
            }
        };
        if joints.is_empty() {
            return Err(BvhError::NoJoints { line: motion_line });
        }
        let mut first = 0;
        for j in &mut joints {
            j.first_channel = first;
            first += j.channels.len();
        }
        let channels = first;

        // MOTION
        let frames_tok = self.keyword("Frames:", "`Frames:`")?;
        let count_tok = self.next_or_eof("the frame count")?;
        let declared: usize = count_tok
            .s
            .parse()
            .map_err(|_| BvhError::BadNumber { line: count_tok.line, text: quote(count_tok.s) })?;
        self.keyword("Frame", "`Frame Time:`")?;
        self.keyword("Time:", "`Frame Time:`")?;
        let ft_tok = self.next_or_eof("the frame time")?;
        let frame_time = parse_f64(ft_tok)?;
        if frame_time <= 0.0 {
            return Err(BvhError::BadFrameTime { line: ft_tok.line, value: frame_time });
        }
        // rows: the remaining tokens grouped by line
        let rest = &self.toks[self.pos..];
        let mut frames: Vec<Vec<f64>> = Vec::with_capacity(declared.min(1 << 16));
        for row in rest.chunk_by(|a, b| a.line == b.line) {
            let line = row[0].line;
            if frames.len() == declared {
                return Err(BvhError::TooManyFrames { line, declared, declared_line: frames_tok.line });
            }
            if row.len() != channels {
                return Err(BvhError::ChannelCountMismatch { line, expected: channels, found: row.len() });
            }
            frames.push(row.iter().map(|t| parse_f64(*t)).collect::<Result<_, _>>()?);
        }
        if frames.len() != declared {
            return Err(BvhError::TooFewFrames {
                line: self.last_line,
                declared,
                found: frames.len(),
                declared_line: frames_tok.line,
            });
        }
        Ok(Bvh { joints, frame_time, frames })
    }

    /// A joint's name: the rest of its keyword's line, up to a `{` there.
    fn joint_name(&mut self, keyword: Tok<'a>, joints: &[Joint]) -> Result<String, BvhError> {
        let mut words = Vec::new();
        while let Some(t) = self.peek() {
            if t.line != keyword.line || t.s == "{" {
                break;
            }
            words.push(t.s);
            self.pos += 1;
        }
        let name = words.join(" ");
        let bad = |problem: String| BvhError::BadJoint { line: keyword.line, problem };
        if name.is_empty() {
            return Err(bad(format!("`{}` without a name", keyword.s)));
        }
        if name.len() > MAX_NAME_BYTES {
            return Err(bad(format!("name is {} bytes, at most {MAX_NAME_BYTES}", name.len())));
        }
        if joints.iter().any(|j| j.name == name) {
            return Err(bad(format!("`{}` defined twice", quote(&name))));
        }
        if joints.len() == MAX_NAMED_ITEMS {
            return Err(bad(format!("more than {MAX_NAMED_ITEMS} joints")));
        }
        Ok(name)
    }

    /// Add a joint named after `keyword` (`ROOT` or `JOINT`) and open its block.
    fn start_joint(
        &mut self,
        keyword: Tok<'a>,
        parent: Option<usize>,
        joints: &mut Vec<Joint>,
    ) -> Result<Open, BvhError> {
        let name = self.joint_name(keyword, joints)?;
        let line = self.open_brace(|| format!("joint `{}`", quote(&name)))?;
        joints.push(Joint {
            name,
            parent,
            offset: [0.0; 3],
            channels: Vec::new(),
            first_channel: 0,
            end_sites: Vec::new(),
        });
        Ok(Open { joint: joints.len() - 1, end_site: false, line })
    }

    /// A `ROOT` block and everything inside it (iterative: any nesting depth).
    fn joint_tree(&mut self, root: Tok<'a>, joints: &mut Vec<Joint>) -> Result<(), BvhError> {
        let mut stack = vec![self.start_joint(root, None, joints)?];
        while let Some(top) = stack.last() {
            let (joint, end_site) = (top.joint, top.end_site);
            let what = || {
                let name = quote(&joints[joint].name);
                if end_site {
                    format!("the End Site of `{name}`")
                } else {
                    format!("joint `{name}`")
                }
            };
            let t = match self.next() {
                Some(t) if !matches!(t.s, "ROOT" | "MOTION" | "HIERARCHY") => t,
                t => {
                    return Err(BvhError::MissingCloseBrace {
                        line: t.map_or(self.last_line, |t| t.line),
                        found: describe(t),
                        what: what(),
                        open_line: top.line,
                    })
                }
            };
            let expected =
                if end_site { "`OFFSET` or `}`" } else { "`OFFSET`, `CHANNELS`, `JOINT`, `End Site` or `}`" };
            match t.s {
                "}" => {
                    stack.pop();
                }
                "OFFSET" => {
                    let mut v = [0.0; 3];
                    for c in &mut v {
                        *c = self.number("three OFFSET values")?;
                    }
                    let j = &mut joints[joint];
                    if end_site {
                        // the End Site being read is the last one pushed
                        if let Some(e) = j.end_sites.last_mut() {
                            *e = v;
                        }
                    } else {
                        j.offset = v;
                    }
                }
                "CHANNELS" if !end_site => {
                    joints[joint].channels = self.channels()?;
                }
                "JOINT" if !end_site => {
                    let open = self.start_joint(t, Some(joint), joints)?;
                    stack.push(open);
                }
                "End" if !end_site => {
                    self.keyword("Site", "`Site` after `End`")?;
                    let line =
                        self.open_brace(|| format!("an End Site of `{}`", quote(&joints[joint].name)))?;
                    joints[joint].end_sites.push([0.0; 3]);
                    stack.push(Open { joint, end_site: true, line });
                }
                _ => return Err(BvhError::UnknownKeyword { line: t.line, found: quote(t.s), expected }),
            }
        }
        Ok(())
    }

    /// `CHANNELS n c1 … cn` after the keyword.
    fn channels(&mut self) -> Result<Vec<Channel>, BvhError> {
        let n_tok = self.next_or_eof("the channel count")?;
        let n: usize =
            n_tok.s.parse().map_err(|_| BvhError::BadNumber { line: n_tok.line, text: quote(n_tok.s) })?;
        if n > Channel::ALL.len() {
            return Err(BvhError::BadChannels {
                line: n_tok.line,
                problem: format!("{n} channels, at most {}", Channel::ALL.len()),
            });
        }
        let mut channels = Vec::with_capacity(n);
        for _ in 0..n {
            let t = self.next_or_eof("a channel name")?;
            let c = Channel::from_name(t.s).ok_or_else(|| BvhError::UnknownKeyword {
                line: t.line,
                found: quote(t.s),
                expected: "a channel name (`Xposition` … `Zrotation`)",
            })?;
            if channels.contains(&c) {
                return Err(BvhError::BadChannels {
                    line: t.line,
                    problem: format!("{} listed twice", c.name()),
                });
            }
            channels.push(c);
        }
        Ok(channels)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mocap::fixtures::{cmu, CMU_JOINTS, FIXTURE};

    /// The fixture with its motion cut to the first `n` frames (and `Frames:` fixed).
    fn cmu_frames(n: usize) -> String {
        let mut out = String::new();
        let mut rows = None;
        for line in FIXTURE.lines() {
            if rows == Some(n) {
                break;
            }
            if line.starts_with("Frames:") {
                out += &format!("Frames: {n}\n");
                continue;
            }
            out += line;
            out.push('\n');
            if let Some(r) = rows.as_mut() {
                *r += 1;
            }
            if line.starts_with("Frame Time:") {
                rows = Some(0);
            }
        }
        out
    }

    /// 1-based line number of the first line of `text` starting with `prefix` (after indentation).
    fn line_of(text: &str, prefix: &str) -> usize {
        text.lines().position(|l| l.trim_start().starts_with(prefix)).unwrap() + 1
    }

    #[test]
    fn cmu_hierarchy_and_motion() {
        let b = cmu();
        let names: Vec<&str> = b.joints.iter().map(|j| j.name.as_str()).collect();
        assert_eq!(names, CMU_JOINTS);
        assert_eq!(b.frames.len(), 240);
        assert!((b.frame_time - 1.0 / 120.0).abs() < 1e-6, "{}", b.frame_time);
        assert_eq!(b.channel_count(), 6 + 30 * 3);
        assert!(b.frames.iter().all(|r| r.len() == 96));
        let hips = &b.joints[0];
        assert_eq!(hips.parent, None);
        use Channel::*;
        assert_eq!(hips.channels, [Xposition, Yposition, Zposition, Zrotation, Yrotation, Xrotation]);
        let leg = b.joint("LeftLeg").unwrap();
        assert_eq!(b.joints[leg].parent, b.joint("LeftUpLeg"));
        assert_eq!(b.joints[leg].offset, [2.44811, -6.72613, 0.0]);
        assert_eq!(b.joints[leg].channels, [Zrotation, Yrotation, Xrotation]);
        assert_eq!(b.joints[leg].first_channel, 6 + 2 * 3, "after Hips, LHipJoint, LeftUpLeg");
        // End Sites are kept on their joint, not as joints: five chain tips plus the two thumbs
        let tips: Vec<&str> =
            b.joints.iter().filter(|j| !j.end_sites.is_empty()).map(|j| j.name.as_str()).collect();
        assert_eq!(tips, ["LeftToeBase", "RightToeBase", "Head", "LFingers", "LThumb", "RFingers", "RThumb"]);
        assert_eq!(b.joints[b.joint("Head").unwrap()].end_sites, [[0.03720, 1.77044, -0.06241]]);
        // first and last rows as in the file
        assert_eq!(b.frames[0][..4], [9.3722, 17.8693, -17.3198, 0.0]);
        assert_eq!(b.root_position(0), [9.3722, 17.8693, -17.3198]);
        let last = FIXTURE.lines().last().unwrap();
        let want: Vec<f64> = last.split_whitespace().map(|s| s.parse().unwrap()).collect();
        assert_eq!(b.frames[239], want);
    }

    /// `(text, expected line, check on the error)` for damaged versions of the CMU fixture.
    #[test]
    fn damaged_files_give_errors_with_line_numbers() {
        let small = cmu_frames(3);
        let motion = line_of(&small, "MOTION");
        assert_eq!(motion, 185);
        let frames_line = motion + 1;
        let first_row = motion + 3;
        let leg = line_of(&small, "JOINT LeftLeg");
        let repl = |from: &str, to: &str| small.replacen(from, to, 1);
        // line `n` (1-based) replaced by `f(line)`; `None` deletes it
        let edit_line = |n: usize, f: &dyn Fn(&str) -> Option<String>| -> String {
            let mut out = String::new();
            for (i, l) in small.lines().enumerate() {
                let line = if i + 1 == n { f(l) } else { Some(l.to_owned()) };
                if let Some(l) = line {
                    out += &(l + "\n");
                }
            }
            out
        };
        let without_line = |n: usize| edit_line(n, &|_| None);
        type Check = fn(&BvhError) -> bool;
        let cases: Vec<(String, usize, Check)> = vec![
            (
                repl("JOINT LeftLeg", "JIONT LeftLeg"),
                leg,
                |e| matches!(e, BvhError::UnknownKeyword { found, .. } if found == "JIONT"),
            ),
            (
                repl("2.44811 -6.72613", "2.44811 -6,72613"),
                leg + 2,
                |e| matches!(e, BvhError::BadNumber { text, .. } if text == "-6,72613"),
            ),
            (repl("2.44811 -6.72613", "2.44811 NaN"), leg + 2, |e| matches!(e, BvhError::NonFinite { .. })),
            (repl("2.44811 -6.72613", "2.44811 1e300"), leg + 2, |e| {
                matches!(e, BvhError::OutOfRange { .. })
            }),
            (
                repl("Zrotation Yrotation Xrotation", "Zrotation Yrotation Wrotation"),
                5,
                |e| matches!(e, BvhError::UnknownKeyword { found, .. } if found == "Wrotation"),
            ),
            (
                repl("CHANNELS 3 Zrotation Yrotation Xrotation", "CHANNELS 3 Zrotation Yrotation Yrotation"),
                9,
                |e| matches!(e, BvhError::BadChannels { .. }),
            ),
            // a missing `{` after a joint name
            (
                without_line(leg + 1),
                leg + 1,
                |e| matches!(e, BvhError::MissingOpenBrace { found, .. } if found == "`OFFSET`"),
            ),
            // the root's `}` removed: MOTION comes before it
            (
                without_line(motion - 1),
                motion - 1,
                |e| matches!(e, BvhError::MissingCloseBrace { what, open_line: 3, .. } if what == "joint `Hips`"),
            ),
            // a frame row with one value too few, and one too many
            (
                edit_line(first_row + 1, &|l| {
                    Some(l.trim_end()[..l.trim_end().rfind(' ').unwrap()].to_owned())
                }),
                first_row + 1,
                |e| matches!(e, BvhError::ChannelCountMismatch { expected: 96, found: 95, .. }),
            ),
            (edit_line(first_row + 2, &|l| Some(format!("{l} 0"))), first_row + 2, |e| {
                matches!(e, BvhError::ChannelCountMismatch { expected: 96, found: 97, .. })
            }),
            (repl("Frames: 3", "Frames: 4"), first_row + 2, |e| {
                matches!(e, BvhError::TooFewFrames { declared: 4, found: 3, declared_line: 186, .. })
            }),
            (repl("Frames: 3", "Frames: 2"), first_row + 2, |e| {
                matches!(e, BvhError::TooManyFrames { declared: 2, .. })
            }),
            (repl("Frames: 3", "Frames: three"), frames_line, |e| matches!(e, BvhError::BadNumber { .. })),
            (repl("Frame Time: .0083333", "Frame Time: 0"), frames_line + 1, |e| {
                matches!(e, BvhError::BadFrameTime { .. })
            }),
            (repl("Frame Time: .0083333", "Frame Time: -0.01"), frames_line + 1, |e| {
                matches!(e, BvhError::BadFrameTime { .. })
            }),
            (edit_line(first_row, &|l| Some(l.replacen(" 0 ", " inf ", 1))), first_row, |e| {
                matches!(e, BvhError::NonFinite { .. })
            }),
            (small[..small.find("HIERARCHY").unwrap() + 9].to_owned() + "\nMOTION\nFrames: 0\n", 2, |e| {
                matches!(e, BvhError::NoJoints { .. })
            }),
            ("ROOT Hips\n".to_owned(), 1, |e| matches!(e, BvhError::UnknownKeyword { .. })),
            (String::new(), 1, |e| matches!(e, BvhError::UnexpectedEof { .. })),
            (repl("JOINT LeftLeg", "JOINT LeftUpLeg"), leg, |e| matches!(e, BvhError::BadJoint { .. })),
            (
                repl("End Site", "End Sight"),
                line_of(&small, "End Site"),
                |e| matches!(e, BvhError::UnknownKeyword { found, .. } if found == "Sight"),
            ),
            (repl("CHANNELS 3 Zrotation", "CHANNELS 7 Zrotation"), 9, |e| {
                matches!(e, BvhError::BadChannels { .. })
            }),
        ];
        for (i, (text, line, check)) in cases.iter().enumerate() {
            let e = Bvh::parse(text).expect_err(&format!("case {i} must fail"));
            assert_eq!(e.line(), Some(*line), "case {i}: {e}");
            assert!(check(&e), "case {i}: {e:?}");
            assert!(e.to_string().starts_with(&format!("line {line}: ")), "case {i}: {e}");
        }
        // truncated anywhere before the last row: an error (never a partial file), on a line that exists
        let last_row = small.trim_end().rfind('\n').unwrap() + 1;
        for cut in (0..last_row).step_by(37) {
            let e = Bvh::parse(&small[..cut]).expect_err(&format!("cut at {cut}"));
            let lines = small[..cut].lines().count().max(1);
            assert!(e.line().is_some_and(|l| (1..=lines).contains(&l)), "cut at {cut}: {e}");
        }
    }

    #[test]
    fn read_reports_missing_files() {
        let e = Bvh::read(Path::new("/nonexistent/x.bvh")).unwrap_err();
        assert!(matches!(e, BvhError::Io { .. }) && e.line().is_none());
        assert!(e.to_string().starts_with("/nonexistent/x.bvh: "));
        let path =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/fixtures/cmu_01_01_first240.bvh");
        assert_eq!(Bvh::read(&path).unwrap(), cmu());
    }

    #[test]
    fn deep_chains_up_to_the_joint_limit() {
        // a chain as deep as the wire allows bones (the parser is iterative: depth is no stack risk), one more
        // joint is refused; `{` on the joint's line is accepted
        let chain = |depth: usize| {
            let mut text = String::from("HIERARCHY\nROOT j0 {\n");
            for i in 1..depth {
                text += &format!("JOINT j{i} {{\nOFFSET 0 1 0\n");
            }
            text += "CHANNELS 1 Xrotation\n";
            text += &"}\n".repeat(depth);
            text + "MOTION\nFrames: 1\nFrame Time: 1\n45\n"
        };
        let b = Bvh::parse(&chain(MAX_NAMED_ITEMS)).unwrap();
        assert_eq!(b.joints.len(), MAX_NAMED_ITEMS);
        assert_eq!(b.joints[MAX_NAMED_ITEMS - 1].parent, Some(MAX_NAMED_ITEMS - 2));
        assert!((b.rest_hip_height() - 0.0).abs() < 1e-9, "the chain grows upwards");
        let w = b.world_poses(Some(0));
        assert!((w[MAX_NAMED_ITEMS - 1].1[1] - (MAX_NAMED_ITEMS - 1) as f64).abs() < 1e-6);
        let e = Bvh::parse(&chain(MAX_NAMED_ITEMS + 1)).unwrap_err();
        assert!(matches!(e, BvhError::BadJoint { line, .. } if line == 2 * MAX_NAMED_ITEMS + 1), "{e}");
    }
}

#[cfg(test)]
mod property {
    use super::*;
    use crate::mocap::fixtures::FIXTURE;
    use crate::mocap::{to_rig_frames, CMU_SCALE};
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

        /// Mutated or truncated real files: no panic; an error has a line inside the file; a success is
        /// consistent (row lengths, counts) and converts to finite unit-quaternion rig frames the wire accepts.
        #[test]
        fn mutated_cmu_files_never_panic(edits in prop::collection::vec(edit(), 0..6), cut in any::<prop::sample::Index>()) {
            let mut text = small_cmu().into_bytes();
            for e in &edits {
                apply(&mut text, e);
            }
            if cut.index(8) == 0 {
                let at = cut.index(text.len() + 1);
                text.truncate(at);
            }
            check(&String::from_utf8_lossy(&text))?;
        }

        #[test]
        fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
            check(&String::from_utf8_lossy(&bytes))?;
            let mut text = b"HIERARCHY\nROOT a\n{\n".to_vec();
            text.extend_from_slice(&bytes);
            check(&String::from_utf8_lossy(&text))?;
        }
    }

    /// The CMU fixture with 4 frames: small enough for many cases.
    fn small_cmu() -> String {
        let text = FIXTURE;
        let rows = text.lines().position(|l| l.starts_with("Frame Time:")).unwrap() + 1;
        let mut out: String = text.lines().take(rows + 4).map(|l| format!("{l}\n")).collect();
        out = out.replacen("Frames: 240", "Frames: 4", 1);
        out
    }

    #[derive(Clone, Debug)]
    enum Edit {
        /// Replace the byte at a position.
        Byte(prop::sample::Index, u8),
        /// Replace a whitespace-separated token with a tricky one.
        Token(prop::sample::Index, &'static str),
        /// Delete or duplicate a line.
        DeleteLine(prop::sample::Index),
        DuplicateLine(prop::sample::Index),
    }

    const TRICKY: [&str; 20] = [
        "{",
        "}",
        "",
        "nan",
        "-inf",
        "1e400",
        "1e12",
        "-0",
        "JOINT",
        "End",
        "Site",
        "ROOT",
        "MOTION",
        "CHANNELS",
        "OFFSET",
        "Xposition",
        "7",
        "18446744073709551616",
        "Frames:",
        "ÿ",
    ];

    fn edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Byte(i, b)),
            (any::<prop::sample::Index>(), prop::sample::select(&TRICKY[..]))
                .prop_map(|(i, t)| Edit::Token(i, t)),
            any::<prop::sample::Index>().prop_map(Edit::DeleteLine),
            any::<prop::sample::Index>().prop_map(Edit::DuplicateLine),
        ]
    }

    fn apply(text: &mut Vec<u8>, e: &Edit) {
        if text.is_empty() {
            return;
        }
        match e {
            Edit::Byte(i, b) => {
                let i = i.index(text.len());
                text[i] = *b;
            }
            Edit::Token(i, t) => {
                // the token starting at or after a random position
                let mut s = i.index(text.len());
                while s < text.len() && text[s].is_ascii_whitespace() {
                    s += 1;
                }
                let mut end = s;
                while end < text.len() && !text[end].is_ascii_whitespace() {
                    end += 1;
                }
                text.splice(s..end, t.bytes());
            }
            Edit::DeleteLine(i) | Edit::DuplicateLine(i) => {
                let lines: Vec<&[u8]> = text.split(|b| *b == b'\n').collect();
                let k = i.index(lines.len());
                let mut out = Vec::with_capacity(text.len() + 1024);
                for (n, l) in lines.iter().enumerate() {
                    let copies = match (n == k, e) {
                        (true, Edit::DeleteLine(_)) => 0,
                        (true, _) => 2,
                        _ => 1,
                    };
                    for _ in 0..copies {
                        out.extend_from_slice(l);
                        out.push(b'\n');
                    }
                }
                *text = out;
            }
        }
    }

    fn check(text: &str) -> Result<(), TestCaseError> {
        match Bvh::parse(text) {
            Err(e) => {
                let lines = text.lines().count().max(1);
                let line = e.line();
                prop_assert!(line.is_some_and(|l| (1..=lines).contains(&l)), "{e} ({lines} lines)");
                prop_assert!(e.to_string().len() < 400, "{e}");
            }
            Ok(b) => {
                prop_assert!(!b.joints.is_empty());
                prop_assert!(b.frame_time > 0.0 && b.frame_time.is_finite());
                let n = b.channel_count();
                prop_assert!(b.frames.iter().all(|r| r.len() == n && r.iter().all(|v| v.is_finite())));
                for (i, j) in b.joints.iter().enumerate() {
                    prop_assert!(j.parent.is_none_or(|p| p < i));
                }
                for f in to_rig_frames(&b, "fuzz", CMU_SCALE) {
                    for bone in &f.bones {
                        let n: f32 = bone.rotation.iter().map(|c| c * c).sum::<f32>().sqrt();
                        prop_assert!((n - 1.0).abs() < 1e-5, "{:?}", bone.rotation);
                    }
                    let msg = avatar_schema::Message::Rig(f);
                    prop_assert!(avatar_schema::decode(&avatar_schema::encode(&msg)).is_ok());
                }
            }
        }
        Ok(())
    }
}
