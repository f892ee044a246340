//! Timespans: Puppet's format language (`%D`, `%H`, `%M`, `%S`, `%L`, `%N`, the largest unit
//! used not wrapped), the string form, and parsing.

use super::{MAX_WIDTH, NS_PER_DAY, NS_PER_HOUR, NS_PER_MIN, NS_PER_SEC};
use crate::eval::error::{EvalError, EvalResult, err};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Unit {
    Nano,
    Milli,
    Sec,
    Min,
    Hour,
    Day,
}

enum Segment {
    Literal(String),
    Value {
        unit: Unit,
        /// `Some('0')`, `Some(' ')`, or `None` for no padding (`-`).
        pad: Option<char>,
        width: Option<usize>,
        total: bool,
    },
}

fn default_width(unit: Unit) -> usize {
    match unit {
        Unit::Day => 1,
        Unit::Milli => 3,
        Unit::Nano => 9,
        _ => 2,
    }
}

/// Parses a timespan format (Puppet's own language).
fn timespan_format(format: &str) -> EvalResult<Vec<Segment>> {
    let bad = |start: usize, pos: usize| {
        let expr: String = format.chars().skip(start).take(pos - start).collect();
        EvalError::new(format!(
            "Bad format specifier '{expr}' in '{format}', at position {pos}"
        ))
    };
    let mut segs: Vec<Segment> = Vec::new();
    let mut highest: Option<Unit> = None;
    let mut in_spec = false;
    let mut pad_state = true;
    let mut pad = Some('0');
    let mut width: Option<usize> = None;
    let mut start = 0;
    let mut pos = 0;
    let literal = |segs: &mut Vec<Segment>, c: char| match segs.last_mut() {
        Some(Segment::Literal(s)) => s.push(c),
        _ => segs.push(Segment::Literal(c.to_string())),
    };
    for (p, c) in format.chars().enumerate() {
        pos = p;
        if !in_spec {
            if c == '%' {
                in_spec = true;
                pad_state = true;
                pad = Some('0');
                width = None;
                start = p;
            } else {
                literal(&mut segs, c);
            }
            continue;
        }
        let unit = match c {
            '%' => {
                literal(&mut segs, '%');
                in_spec = false;
                continue;
            }
            '-' | '_' => {
                if !pad_state {
                    return Err(bad(start, p));
                }
                pad = if c == '-' { None } else { Some(' ') };
                pad_state = false;
                continue;
            }
            'D' => Unit::Day,
            'H' => Unit::Hour,
            'M' => Unit::Min,
            'S' => Unit::Sec,
            'L' => Unit::Milli,
            'N' => Unit::Nano,
            d if d.is_ascii_digit() => {
                if pad_state && d == '0' {
                    pad = Some('0');
                } else {
                    width = Some(
                        width
                            .unwrap_or(0)
                            .saturating_mul(10)
                            .saturating_add(d.to_digit(10).unwrap_or(0) as usize),
                    );
                    if width.is_some_and(|w| w > MAX_WIDTH) {
                        return Err(bad(start, p));
                    }
                }
                pad_state = false;
                continue;
            }
            _ => return Err(bad(start, p)),
        };
        highest = highest.max(Some(unit));
        segs.push(Segment::Value {
            unit,
            pad,
            width,
            total: false,
        });
        in_spec = false;
    }
    if in_spec {
        return Err(bad(start, pos));
    }
    if let Some(h) = highest
        && let Some(Segment::Value { total, .. }) = segs
            .iter_mut()
            .find(|s| matches!(s, Segment::Value { unit, .. } if *unit == h))
    {
        *total = true;
    }
    Ok(segs)
}

/// Formats a timespan with Puppet's timespan format language.
pub fn format_timespan(nanos: i64, format: &str) -> EvalResult<String> {
    let segs = timespan_format(format)?;
    let abs = nanos.unsigned_abs() as i128;
    let mut out = String::new();
    if nanos < 0 {
        out.push('-');
    }
    for s in &segs {
        match s {
            Segment::Literal(l) => out.push_str(l),
            Segment::Value {
                unit,
                pad,
                width,
                total,
            } => {
                let w = width.unwrap_or(default_width(*unit));
                let per = |n: i128| abs / n;
                let mut v: i128 = match unit {
                    Unit::Day => per(NS_PER_DAY as i128),
                    Unit::Hour => per(NS_PER_HOUR as i128) % if *total { i128::MAX } else { 24 },
                    Unit::Min => per(NS_PER_MIN as i128) % if *total { i128::MAX } else { 60 },
                    Unit::Sec => per(NS_PER_SEC as i128) % if *total { i128::MAX } else { 60 },
                    Unit::Milli => per(1_000_000) % if *total { i128::MAX } else { 1000 },
                    Unit::Nano => {
                        let mut ns = abs;
                        if w < 9 {
                            ns /= 10i128.pow(9 - w as u32);
                            if !*total {
                                ns %= 10i128.pow(w as u32);
                            }
                        } else if !*total {
                            ns %= NS_PER_SEC as i128;
                        }
                        ns
                    }
                };
                let fragment = matches!(unit, Unit::Milli | Unit::Nano);
                if fragment && !*total && *pad != Some('0') {
                    // Trailing zeros of a fraction are dropped unless zero-padded.
                    let s = v.to_string();
                    let t = s.trim_end_matches('0');
                    v = if t.is_empty() {
                        0
                    } else {
                        t.parse().unwrap_or(v)
                    };
                }
                let digits = v.to_string();
                let text = match pad {
                    None => digits,
                    Some(_) if fragment => format!("{digits:<w$}"),
                    Some(' ') => format!("{digits:>w$}"),
                    Some(_) => format!("{digits:0>w$}"),
                };
                out.push_str(&text);
            }
        }
    }
    Ok(out)
}

/// The timespan formats tried by `Timespan(string)`; the first is the string form's.
const TIMESPAN_FORMATS: [&str; 8] = [
    "%D-%H:%M:%S.%-N",
    "%H:%M:%S.%-N",
    "%M:%S.%-N",
    "%S.%-N",
    "%D-%H:%M:%S",
    "%H:%M:%S",
    "%D-%H:%M",
    "%S",
];

/// A timespan's string form: `1-02:03:04.0`.
pub fn timespan_string(nanos: i64) -> String {
    format_timespan(nanos, TIMESPAN_FORMATS[0]).unwrap_or_default()
}

/// Parses a timespan with one format; `None` when the string does not match it.
fn parse_timespan_with(s: &str, segs: &[Segment]) -> EvalResult<Option<i64>> {
    let input: Vec<char> = s.chars().collect();
    let mut pos = usize::from(input.first() == Some(&'-'));
    let mut total: i128 = 0;
    for (k, seg) in segs.iter().enumerate() {
        match seg {
            Segment::Literal(l) => {
                for c in l.chars() {
                    if input.get(pos) != Some(&c) {
                        return Ok(None);
                    }
                    pos += 1;
                }
            }
            Segment::Value {
                unit,
                pad,
                width,
                total: use_total,
            } => {
                let start = pos;
                let spaces = *pad == Some(' ');
                let max = match width {
                    Some(w) => *w,
                    None if *use_total => usize::MAX,
                    None => default_width(*unit),
                };
                let min = match (width, pad) {
                    (Some(w), Some(_)) => *w,
                    _ => 1,
                };
                if spaces && *use_total && width.is_none() {
                    while input.get(pos) == Some(&' ') {
                        pos += 1;
                    }
                }
                let dstart = pos;
                // A following value segment with no literal between takes what is left.
                let _ = k;
                while pos < input.len()
                    && pos - dstart < max
                    && (input[pos].is_ascii_digit() || (spaces && input[pos] == ' '))
                {
                    pos += 1;
                }
                if pos - dstart < min || pos == start {
                    return Ok(None);
                }
                let group: String = input[dstart..pos].iter().collect();
                let group = group.trim_start();
                if group.is_empty()
                    || group.len() > 24
                    || !group.chars().all(|c| c.is_ascii_digit())
                {
                    return Ok(None);
                }
                let n: i128 = group.parse().unwrap_or(0);
                let add = match unit {
                    Unit::Day => n * NS_PER_DAY as i128,
                    Unit::Hour => n * NS_PER_HOUR as i128,
                    Unit::Min => n * NS_PER_MIN as i128,
                    Unit::Sec => n * NS_PER_SEC as i128,
                    Unit::Milli | Unit::Nano => {
                        if *use_total {
                            return Err(EvalError::new(
                                "Format specifiers %L and %N denotes fractions and must be used together with a specifier of higher magnitude",
                            ));
                        }
                        let p = 9 - group.len() as i32;
                        if p <= 0 { n } else { n * 10i128.pow(p as u32) }
                    }
                };
                total += add;
            }
        }
    }
    if pos != input.len() {
        return Ok(None);
    }
    let total = if s.starts_with('-') { -total } else { total };
    Ok(i64::try_from(total).ok())
}

/// `Timespan(string[, formats])`.
pub fn parse_timespan(s: &str, formats: Option<&[String]>) -> EvalResult<i64> {
    let defaults: Vec<String> = TIMESPAN_FORMATS.iter().map(|f| f.to_string()).collect();
    let (list, single) = match formats {
        Some(f) => (f, f.len() == 1 && formats.is_some()),
        None => (&defaults[..], false),
    };
    for f in list {
        let segs = timespan_format(f)?;
        if let Some(n) = parse_timespan_with(s, &segs)? {
            return Ok(n);
        }
    }
    err(if single {
        format!("Unable to parse '{s}' using format '{}'", list[0])
    } else {
        format!(
            "Unable to parse '{s}' using any of the formats {}",
            list.join(", ")
        )
    })
}

/// `Timespan(days, hours, minutes, seconds[, ms, us, ns])` and the hash form's fields.
pub fn timespan_from_fields(negative: bool, fields: &[i64]) -> EvalResult<i64> {
    let mults = [
        NS_PER_DAY,
        NS_PER_HOUR,
        NS_PER_MIN,
        NS_PER_SEC,
        1_000_000,
        1000,
        1,
    ];
    let mut total: i128 = 0;
    for (v, m) in fields.iter().zip(mults) {
        total += i128::from(*v) * i128::from(m);
    }
    let total = if negative { -total } else { total };
    i64::try_from(total).map_err(|_| EvalError::new("Timespan out of range"))
}
