//! Puppet's time values: `Timestamp` (nanoseconds since the epoch, UTC) and `Timespan`
//! (nanoseconds). Creation from strings, numbers and hashes, formatting (`strftime`, the
//! string forms), as Puppet 7 does.
//!
//! Timestamps format with Ruby's `strftime` directives; timespans with Puppet's own format
//! language (`%D`, `%H`, `%M`, `%S`, `%L`, `%N`, where the largest unit used is not wrapped).
//! Parsing a timestamp follows Ruby's `strptime` for the directives Puppet's default formats
//! and manifests use. Time zones are UTC, `Z`, `GMT` and numeric offsets; other zone names are
//! not known to plint (the callers make the result unknown).

use super::error::{EvalError, EvalResult, err};
use super::value::Value;

pub const NS_PER_SEC: i64 = 1_000_000_000;
/// The widest field plint formats (a larger width is refused rather than allocated).
const MAX_WIDTH: usize = 4096;
const NS_PER_MIN: i64 = 60 * NS_PER_SEC;
const NS_PER_HOUR: i64 = 60 * NS_PER_MIN;
const NS_PER_DAY: i64 = 24 * NS_PER_HOUR;

/// Why a time operation gave no value: an error Puppet reports too, or a time zone plint
/// does not know.
#[derive(Debug)]
pub enum TimeError {
    Error(EvalError),
    UnknownZone(String),
}

impl From<EvalError> for TimeError {
    fn from(e: EvalError) -> Self {
        TimeError::Error(e)
    }
}

pub type TimeResult<T> = Result<T, TimeError>;

fn fail<T>(msg: impl Into<String>) -> TimeResult<T> {
    Err(TimeError::Error(EvalError::new(msg.into())))
}

// ------------------------------------------------------------------------- calendar

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day number (days since 1970-01-01).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// A timestamp broken down in a time zone offset.
struct Civil {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    min: i64,
    sec: i64,
    nsec: i64,
    /// 0 = Sunday.
    wday: i64,
    /// 1-based day of the year.
    yday: i64,
    offset: i64,
    utc: bool,
    /// Seconds since the epoch.
    epoch: i64,
}

fn civil(nanos: i64, offset: i64, utc: bool) -> Civil {
    let epoch = nanos.div_euclid(NS_PER_SEC);
    let nsec = nanos.rem_euclid(NS_PER_SEC);
    let local = epoch + offset;
    let days = local.div_euclid(86_400);
    let secs = local.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    Civil {
        year,
        month,
        day,
        hour: secs / 3600,
        min: secs / 60 % 60,
        sec: secs % 60,
        nsec,
        wday: (days + 4).rem_euclid(7),
        yday: days - days_from_civil(year, 1, 1) + 1,
        offset,
        utc,
        epoch,
    }
}

/// The number of ISO 8601 weeks of a year (53 when it starts on a Thursday, or on a
/// Wednesday in a leap year).
fn iso_weeks_in_year(y: i64) -> i64 {
    let jan1 = (days_from_civil(y, 1, 1) + 4).rem_euclid(7);
    if jan1 == 4 || (jan1 == 3 && is_leap(y)) {
        53
    } else {
        52
    }
}

/// ISO 8601 week-based year and week number.
fn iso_week(c: &Civil) -> (i64, i64) {
    let wday = if c.wday == 0 { 7 } else { c.wday };
    let week = (c.yday - wday + 10) / 7;
    if week < 1 {
        (c.year - 1, iso_weeks_in_year(c.year - 1))
    } else if week > iso_weeks_in_year(c.year) {
        (c.year + 1, 1)
    } else {
        (c.year, week)
    }
}

// ------------------------------------------------------------------------- time zones

/// The offset in seconds of a time zone as Puppet accepts it (`DateTime._strptime(tz, '%z')`):
/// `UTC`, `GMT`, `Z`, `+HH:MM`, `+HHMM`, `+HH`; `None` for other names.
pub fn zone_offset(tz: &str) -> Option<i64> {
    let t = tz.trim();
    let lower = t.to_ascii_lowercase();
    if matches!(lower.as_str(), "utc" | "gmt" | "z" | "ut") {
        return Some(0);
    }
    let body = lower
        .strip_prefix("utc")
        .or_else(|| lower.strip_prefix("gmt"))
        .unwrap_or(&lower);
    let (sign, rest) = match body.as_bytes().first() {
        Some(b'+') => (1, &body[1..]),
        Some(b'-') => (-1, &body[1..]),
        _ => return None,
    };
    let (h, m) = if let Some((h, m)) = rest.split_once(':') {
        (h, m)
    } else if rest.len() > 2 {
        rest.split_at(rest.len() - 2)
    } else {
        (rest, "0")
    };
    if h.is_empty()
        || !h.chars().all(|c| c.is_ascii_digit())
        || !m.chars().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let h: i64 = h.parse().ok()?;
    let m: i64 = m.parse().ok()?;
    Some(sign * (h * 3600 + m * 60))
}

/// The offset of a `strftime`/`Timestamp` timezone argument.
fn timezone_arg(tz: &str) -> TimeResult<i64> {
    if tz.eq_ignore_ascii_case("current") {
        return Err(TimeError::UnknownZone(tz.to_string()));
    }
    match zone_offset(tz) {
        Some(o) => Ok(o),
        None if tz.contains('/') || tz.is_empty() => fail(format!("Illegal timezone '{tz}'")),
        None => Err(TimeError::UnknownZone(tz.to_string())),
    }
}

// ------------------------------------------------------------------------- strftime

/// Formats a timestamp with Ruby's `Time#strftime`, in UTC or in the given zone.
pub fn format_timestamp(nanos: i64, format: &str, timezone: Option<&str>) -> TimeResult<String> {
    let (offset, utc) = match timezone {
        None | Some("") => (0, true),
        Some(tz) => (timezone_arg(tz)?, false),
    };
    let c = civil(nanos, offset, utc);
    let mut out = String::new();
    let chars: Vec<char> = format.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '%' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut pad: Option<char> = None;
        let mut upper = false;
        let mut swap = false;
        let mut colons = 0;
        while let Some(&f) = chars.get(i) {
            match f {
                '-' => pad = Some('\0'),
                '_' => pad = Some(' '),
                '0' => pad = Some('0'),
                '^' => upper = true,
                '#' => swap = true,
                ':' => colons += 1,
                _ => break,
            }
            i += 1;
        }
        let mut width: Option<usize> = None;
        while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
            width = Some(
                width
                    .unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(d as usize),
            );
            i += 1;
        }
        if width.is_some_and(|w| w > MAX_WIDTH) {
            return fail(format!("strftime(): width too large in '{format}'"));
        }
        let Some(&conv) = chars.get(i) else {
            out.extend(&chars[start..]);
            break;
        };
        i += 1;
        let num = |v: i64, w: usize, default_pad: char| -> String {
            let pad_c = pad.unwrap_or(default_pad);
            let w = width.unwrap_or(w);
            let digits = v.abs().to_string();
            let sign = if v < 0 { "-" } else { "" };
            if pad_c == '\0' {
                format!("{sign}{digits}")
            } else if pad_c == ' ' {
                format!("{:>w$}", format!("{sign}{digits}"))
            } else {
                let w = w.saturating_sub(sign.len());
                format!("{sign}{digits:0>w$}")
            }
        };
        let text = |s: &str| -> String {
            let s = if upper {
                s.to_uppercase()
            } else if swap {
                if s.chars().any(|c| c.is_lowercase()) {
                    s.to_uppercase()
                } else {
                    s.to_lowercase()
                }
            } else {
                s.to_string()
            };
            match (width, pad) {
                (Some(w), Some('0')) => format!("{s:0>w$}"),
                (Some(w), _) => format!("{s:>w$}"),
                _ => s,
            }
        };
        let hour12 = if c.hour % 12 == 0 { 12 } else { c.hour % 12 };
        // `%c` and `%+`: `Sun Jan  2 03:04:05 [zone ]2000`.
        let stamp = |zone: Option<&str>| -> String {
            let mut s = format!(
                "{} {} {:>2} {:02}:{:02}:{:02} ",
                &DAYS[c.wday as usize][..3],
                &MONTHS[(c.month - 1) as usize][..3],
                c.day,
                c.hour,
                c.min,
                c.sec
            );
            if let Some(z) = zone {
                s.push_str(z);
                s.push(' ');
            }
            s.push_str(&fmt_year(c.year));
            s
        };
        let piece = match conv {
            'Y' => {
                if c.year >= 0 && width.is_none() && pad.is_none() {
                    format!("{:04}", c.year)
                } else {
                    num(c.year, if c.year < 0 { 5 } else { 4 }, '0')
                }
            }
            'C' => num(c.year.div_euclid(100), 2, '0'),
            'y' => num(c.year.rem_euclid(100), 2, '0'),
            'm' => num(c.month, 2, '0'),
            'B' => text(MONTHS[(c.month - 1) as usize]),
            'b' | 'h' => text(&MONTHS[(c.month - 1) as usize][..3]),
            'd' => num(c.day, 2, '0'),
            'e' => num(c.day, 2, ' '),
            'j' => num(c.yday, 3, '0'),
            'H' => num(c.hour, 2, '0'),
            'k' => num(c.hour, 2, ' '),
            'I' => num(hour12, 2, '0'),
            'l' => num(hour12, 2, ' '),
            'P' => {
                let s = if c.hour < 12 { "am" } else { "pm" };
                text(s)
            }
            'p' => {
                let s = if c.hour < 12 { "AM" } else { "PM" };
                if swap { s.to_lowercase() } else { text(s) }
            }
            'M' => num(c.min, 2, '0'),
            'S' => num(c.sec, 2, '0'),
            'L' | 'N' => {
                let w = width.unwrap_or(if conv == 'L' { 3 } else { 9 });
                let digits = format!("{:09}", c.nsec);
                if w <= 9 {
                    digits[..w].to_string()
                } else {
                    format!("{digits}{}", "0".repeat(w - 9))
                }
            }
            'z' => {
                let sign = if c.offset < 0 { '-' } else { '+' };
                let a = c.offset.abs();
                let (h, m, s) = (a / 3600, a / 60 % 60, a % 60);
                let body = match colons {
                    0 => format!("{h:02}{m:02}"),
                    1 => format!("{h:02}:{m:02}"),
                    _ => format!("{h:02}:{m:02}:{s:02}"),
                };
                let s = format!("{sign}{body}");
                match width {
                    Some(w) if w > s.len() => {
                        let pad_c = pad.unwrap_or('0');
                        if pad_c == ' ' {
                            format!("{:>w$}", s)
                        } else {
                            format!("{sign}{body:0>w$}", w = w - 1)
                        }
                    }
                    _ => s,
                }
            }
            'Z' => text(if c.utc { "UTC" } else { "" }),
            'A' => text(DAYS[c.wday as usize]),
            'a' => text(&DAYS[c.wday as usize][..3]),
            'u' => num(if c.wday == 0 { 7 } else { c.wday }, 1, '0'),
            'w' => num(c.wday, 1, '0'),
            's' => num(c.epoch, 1, '0'),
            'n' => "\n".to_string(),
            't' => "\t".to_string(),
            '%' => "%".to_string(),
            'F' => text(&format!("{}-{:02}-{:02}", fmt_year(c.year), c.month, c.day)),
            'T' | 'X' => text(&format!("{:02}:{:02}:{:02}", c.hour, c.min, c.sec)),
            'D' | 'x' => text(&format!(
                "{:02}/{:02}/{:02}",
                c.month,
                c.day,
                c.year.rem_euclid(100)
            )),
            'R' => text(&format!("{:02}:{:02}", c.hour, c.min)),
            'r' => text(&format!(
                "{:02}:{:02}:{:02} {}",
                hour12,
                c.min,
                c.sec,
                if c.hour < 12 { "AM" } else { "PM" }
            )),
            'c' => text(&stamp(None)),
            'v' => text(&format!(
                "{:>2}-{}-{}",
                c.day,
                MONTHS[(c.month - 1) as usize][..3].to_uppercase(),
                fmt_year(c.year)
            )),
            'U' => num((c.yday - 1 + 7 - c.wday) / 7, 2, '0'),
            'W' => num((c.yday - 1 + 7 - (c.wday + 6) % 7) / 7, 2, '0'),
            'G' => num(iso_week(&c).0, 4, '0'),
            'g' => num(iso_week(&c).0.rem_euclid(100), 2, '0'),
            'V' => num(iso_week(&c).1, 2, '0'),
            '+' => text(&stamp(Some(if c.utc { "UTC" } else { "" }))),
            _ => chars[start..i].iter().collect(),
        };
        out.push_str(&piece);
    }
    Ok(out)
}

fn fmt_year(y: i64) -> String {
    if y < 0 {
        format!("-{:04}", -y)
    } else {
        format!("{y:04}")
    }
}

/// A timestamp's string form: `2020-01-02T03:04:05.000000000 UTC`.
pub fn timestamp_string(nanos: i64) -> String {
    format_timestamp(nanos, "%FT%T.%N %Z", None).unwrap_or_default()
}

// ------------------------------------------------------------------------- strptime

/// The default formats of `Timestamp(string)`: with a zone designator, then without.
const TIMESTAMP_FORMATS: [&str; 10] = [
    "%FT%T.%N %Z",
    "%FT%T %Z",
    "%F %T.%N %Z",
    "%F %T %Z",
    "%F %Z",
    "%FT%T.%N",
    "%FT%T",
    "%F %T.%N",
    "%F %T",
    "%F",
];

#[derive(Default)]
struct Parsed {
    year: Option<i64>,
    mon: Option<i64>,
    mday: Option<i64>,
    hour: Option<i64>,
    min: Option<i64>,
    sec: Option<i64>,
    nsec: Option<i64>,
    zone: Option<String>,
    epoch: Option<i64>,
}

/// Ruby's `DateTime._strptime(s, format)` for the common directives; `None` when the string
/// does not match or has text left over.
fn strptime(s: &str, format: &str) -> Option<Parsed> {
    let input: Vec<char> = s.chars().collect();
    let fmt: Vec<char> = format.chars().collect();
    let mut p = Parsed::default();
    let mut pos = 0;
    let mut i = 0;
    let digits = |pos: &mut usize, max: usize, signed: bool| -> Option<i64> {
        let start = *pos;
        if signed && matches!(input.get(*pos), Some('+' | '-')) {
            *pos += 1;
        }
        let dstart = *pos;
        while *pos < input.len() && *pos - dstart < max && input[*pos].is_ascii_digit() {
            *pos += 1;
        }
        if *pos == dstart {
            *pos = start;
            return None;
        }
        input[start..*pos].iter().collect::<String>().parse().ok()
    };
    while i < fmt.len() {
        let c = fmt[i];
        if c.is_whitespace() {
            while pos < input.len() && input[pos].is_whitespace() {
                pos += 1;
            }
            i += 1;
            continue;
        }
        if c != '%' {
            if input.get(pos) != Some(&c) {
                return None;
            }
            pos += 1;
            i += 1;
            continue;
        }
        i += 1;
        let conv = *fmt.get(i)?;
        i += 1;
        // A numeric directive followed by another one reads a fixed number of digits.
        let next_is_digit_directive = fmt.get(i) == Some(&'%')
            && fmt
                .get(i + 1)
                .is_some_and(|d| "YmdHMSjLNyCeIl".contains(*d));
        match conv {
            'Y' => {
                p.year = Some(digits(
                    &mut pos,
                    if next_is_digit_directive { 4 } else { 20 },
                    true,
                )?)
            }
            'm' => p.mon = Some(digits(&mut pos, 2, false)?),
            'd' | 'e' => {
                if input.get(pos) == Some(&' ') {
                    pos += 1;
                }
                p.mday = Some(digits(&mut pos, 2, false)?);
            }
            'H' | 'k' => {
                if input.get(pos) == Some(&' ') {
                    pos += 1;
                }
                p.hour = Some(digits(&mut pos, 2, false)?);
            }
            'M' => p.min = Some(digits(&mut pos, 2, false)?),
            'S' => p.sec = Some(digits(&mut pos, 2, false)?),
            'L' | 'N' => {
                let start = pos;
                while pos < input.len() && input[pos].is_ascii_digit() {
                    pos += 1;
                }
                if pos == start {
                    return None;
                }
                let mut frac: String = input[start..pos].iter().collect();
                frac.truncate(9);
                while frac.len() < 9 {
                    frac.push('0');
                }
                p.nsec = Some(frac.parse().ok()?);
            }
            's' => p.epoch = Some(digits(&mut pos, 30, true)?),
            'F' | 'T' => {
                // `%Y-%m-%d` or `%H:%M:%S`: three numbers and two separators.
                let (sep, first_width, signed) = if conv == 'F' {
                    ('-', 20, true)
                } else {
                    (':', 2, false)
                };
                let mut parts = [0; 3];
                for (i, part) in parts.iter_mut().enumerate() {
                    if i > 0 {
                        if input.get(pos) != Some(&sep) {
                            return None;
                        }
                        pos += 1;
                    }
                    let (width, signed) = if i == 0 {
                        (first_width, signed)
                    } else {
                        (2, false)
                    };
                    *part = digits(&mut pos, width, signed)?;
                }
                let [a, b, d] = parts;
                if conv == 'F' {
                    (p.year, p.mon, p.mday) = (Some(a), Some(b), Some(d));
                } else {
                    (p.hour, p.min, p.sec) = (Some(a), Some(b), Some(d));
                }
            }
            'z' | 'Z' => {
                let start = pos;
                if matches!(input.get(pos), Some('+' | '-')) {
                    pos += 1;
                    while pos < input.len() && (input[pos].is_ascii_digit() || input[pos] == ':') {
                        pos += 1;
                    }
                } else {
                    while pos < input.len() && input[pos].is_ascii_alphabetic() {
                        pos += 1;
                    }
                    // `UTC+01:00`
                    if matches!(input.get(pos), Some('+' | '-')) {
                        pos += 1;
                        while pos < input.len()
                            && (input[pos].is_ascii_digit() || input[pos] == ':')
                        {
                            pos += 1;
                        }
                    }
                }
                if pos == start {
                    return None;
                }
                p.zone = Some(input[start..pos].iter().collect());
            }
            'b' | 'B' | 'h' => {
                let rest: String = input[pos..].iter().collect::<String>().to_lowercase();
                let (m, len) = MONTHS.iter().enumerate().find_map(|(k, name)| {
                    let name = name.to_lowercase();
                    if rest.starts_with(&name) {
                        Some((k, name.len()))
                    } else if rest.starts_with(&name[..3]) {
                        Some((k, 3))
                    } else {
                        None
                    }
                })?;
                p.mon = Some(m as i64 + 1);
                pos += len;
            }
            'a' | 'A' => {
                let rest: String = input[pos..].iter().collect::<String>().to_lowercase();
                let len = DAYS.iter().find_map(|name| {
                    let name = name.to_lowercase();
                    if rest.starts_with(&name) {
                        Some(name.len())
                    } else if rest.starts_with(&name[..3]) {
                        Some(3)
                    } else {
                        None
                    }
                })?;
                pos += len;
            }
            '%' => {
                if input.get(pos) != Some(&'%') {
                    return None;
                }
                pos += 1;
            }
            _ => return None,
        }
    }
    (pos == input.len()).then_some(p)
}

/// `Timestamp(string[, format[, timezone]])`.
pub fn parse_timestamp(
    s: &str,
    formats: Option<&[String]>,
    timezone: Option<&str>,
) -> TimeResult<i64> {
    let has_tz = timezone.is_some_and(|t| !t.is_empty());
    let defaults: Vec<String>;
    let (list, single) = match formats {
        Some(f) => (f, f.len() == 1),
        None => {
            let from = if has_tz { 5 } else { 0 };
            defaults = TIMESTAMP_FORMATS[from..]
                .iter()
                .map(|s| s.to_string())
                .collect();
            (&defaults[..], false)
        }
    };
    let mut parsed = None;
    for f in list {
        if let Some(p) = strptime(s, f) {
            if has_tz && p.zone.is_some() {
                if single {
                    return fail(
                        "Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument",
                    );
                }
                continue;
            }
            parsed = Some(p);
            break;
        }
    }
    let Some(p) = parsed else {
        return fail(if single {
            format!("Unable to parse '{s}' using format '{}'", list[0])
        } else {
            format!(
                "Unable to parse '{s}' using any of the formats {}",
                list.join(", ")
            )
        });
    };
    let offset = match (&p.zone, timezone) {
        (Some(z), _) => match zone_offset(z) {
            Some(o) => o,
            None => return Err(TimeError::UnknownZone(z.clone())),
        },
        (None, Some(tz)) if has_tz => timezone_arg(tz)?,
        _ => 0,
    };
    if let Some(e) = p.epoch {
        return e
            .checked_mul(NS_PER_SEC)
            .and_then(|n| n.checked_add(p.nsec.unwrap_or(0)))
            .ok_or_else(|| TimeError::Error(EvalError::new("timestamp out of range")));
    }
    let (mon, mday) = (p.mon.unwrap_or(1), p.mday.unwrap_or(1));
    let (hour, min, sec) = (p.hour.unwrap_or(0), p.min.unwrap_or(0), p.sec.unwrap_or(0));
    if !(1..=12).contains(&mon) || !(1..=31).contains(&mday) || hour > 24 || min > 59 || sec > 60 {
        return fail("argument out of range");
    }
    let year = p.year.unwrap_or(1970);
    if !(-1_000_000..=1_000_000).contains(&year) {
        return fail("argument out of range");
    }
    let days = days_from_civil(year, mon, mday);
    let secs = days * 86_400 + hour * 3600 + min * 60 + sec - offset;
    secs.checked_mul(NS_PER_SEC)
        .and_then(|n| n.checked_add(p.nsec.unwrap_or(0)))
        .ok_or_else(|| TimeError::Error(EvalError::new("timestamp out of range")))
}

/// Nanoseconds of a number of seconds (`(secs * 10**9).to_i`).
pub fn seconds_to_nanos(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => i.checked_mul(NS_PER_SEC),
        Value::Float(f) => {
            let n = f * NS_PER_SEC as f64;
            (n.is_finite() && n.abs() < 9.2e18).then_some(n as i64)
        }
        _ => None,
    }
}

// ------------------------------------------------------------------------- timespans

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

// ------------------------------------------------------------------------- creation

fn string_list(v: Option<&Value>) -> EvalResult<Option<Vec<String>>> {
    match v {
        None | Some(Value::Undef) | Some(Value::Default) => Ok(None),
        Some(Value::String(s)) => Ok(Some(vec![s.clone()])),
        Some(Value::Array(a)) => a
            .iter()
            .map(|f| match f {
                Value::String(s) => Ok(s.clone()),
                other => err(format!(
                    "a format must be a String, got {}",
                    other.type_name()
                )),
            })
            .collect::<EvalResult<Vec<_>>>()
            .map(Some),
        Some(other) => err(format!(
            "a format must be a String or an Array of Strings, got {}",
            other.type_name()
        )),
    }
}

fn opt_str(v: Option<&Value>) -> EvalResult<Option<String>> {
    match v {
        None | Some(Value::Undef) | Some(Value::Default) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => err(format!(
            "a timezone must be a String, got {}",
            other.type_name()
        )),
    }
}

fn unknown_for(t: &str, result: TimeResult<i64>, wrap: fn(i64) -> Value) -> EvalResult {
    match result {
        Ok(n) => Ok(wrap(n)),
        Err(TimeError::Error(e)) => Err(e),
        Err(TimeError::UnknownZone(z)) => Ok(Value::unknown(
            t,
            &format!("{t}() in the time zone '{z}', which plint does not know"),
        )),
    }
}

/// `Timestamp(...)`: the current time is unknown; strings, numbers and hashes as Puppet.
pub fn new_timestamp(args: &[Value]) -> EvalResult {
    let hash_str = |h: &super::value::Hash, k: &str| h.get_str(k).cloned();
    match args.first() {
        None => Ok(Value::unknown("Timestamp", "Timestamp(): the current time")),
        Some(Value::Timestamp(n)) => Ok(Value::Timestamp(*n)),
        Some(v @ (Value::Integer(_) | Value::Float(_))) => seconds_to_nanos(v)
            .map(Value::Timestamp)
            .ok_or_else(|| EvalError::new("Timestamp out of range")),
        Some(Value::String(s)) => {
            let formats = string_list(args.get(1))?;
            let tz = opt_str(args.get(2))?;
            unknown_for(
                "Timestamp",
                parse_timestamp(s, formats.as_deref(), tz.as_deref()),
                Value::Timestamp,
            )
        }
        Some(Value::Hash(h)) => {
            let Some(Value::String(s)) = hash_str(h, "string") else {
                return Ok(Value::unknown("Timestamp", "Timestamp(): the current time"));
            };
            let formats = string_list(hash_str(h, "format").as_ref())?;
            let tz = opt_str(hash_str(h, "timezone").as_ref())?;
            unknown_for(
                "Timestamp",
                parse_timestamp(&s, formats.as_deref(), tz.as_deref()),
                Value::Timestamp,
            )
        }
        Some(other) => err(format!(
            "Timestamp() cannot be created from a value of type {}",
            other.type_name()
        )),
    }
}

/// `Timespan(...)`: seconds, fields, a string with formats, or a hash.
pub fn new_timespan(args: &[Value]) -> EvalResult {
    let int = |v: &Value| match v {
        Value::Integer(i) => Ok(*i),
        other => err(format!(
            "Timespan() expects Integer fields, got {}",
            other.type_name()
        )),
    };
    match args {
        [] => err("'new' of Timespan expects at least 1 argument"),
        [Value::Timespan(n)] => Ok(Value::Timespan(*n)),
        [v @ (Value::Integer(_) | Value::Float(_))] => seconds_to_nanos(v)
            .map(Value::Timespan)
            .ok_or_else(|| EvalError::new("Timespan out of range")),
        [Value::Integer(_), _, _, _, ..] if args.len() <= 7 => {
            let fields = args.iter().map(int).collect::<EvalResult<Vec<_>>>()?;
            timespan_from_fields(false, &fields).map(Value::Timespan)
        }
        [Value::String(s)] | [Value::String(s), _] => {
            let formats = string_list(args.get(1))?;
            parse_timespan(s, formats.as_deref()).map(Value::Timespan)
        }
        [Value::Hash(h)] => {
            if let Some(Value::String(s)) = h.get_str("string") {
                let formats = string_list(h.get_str("format"))?;
                return parse_timespan(s, formats.as_deref()).map(Value::Timespan);
            }
            let negative = matches!(h.get_str("negative"), Some(Value::Boolean(true)));
            let mut fields = Vec::new();
            for k in [
                "days",
                "hours",
                "minutes",
                "seconds",
                "milliseconds",
                "microseconds",
                "nanoseconds",
            ] {
                fields.push(match h.get_str(k) {
                    None | Some(Value::Undef) => 0,
                    Some(v) => int(v)?,
                });
            }
            timespan_from_fields(negative, &fields).map(Value::Timespan)
        }
        _ => err(format!(
            "Timespan() cannot be created from {}",
            args.iter()
                .map(Value::type_name)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// `strftime(time, format[, timezone])` on a Timestamp or a Timespan.
pub fn strftime(args: &[Value]) -> Option<EvalResult> {
    let fmt = match args.get(1) {
        Some(Value::String(f)) => f,
        _ => return None,
    };
    match (&args[0], args.get(2)) {
        (Value::Timespan(n), None) => Some(format_timespan(*n, fmt).map(Value::string)),
        (Value::Timestamp(n), tz) => {
            let tz = match tz {
                None | Some(Value::Undef) => None,
                Some(Value::String(s)) => Some(s.as_str()),
                Some(_) => return None,
            };
            Some(match format_timestamp(*n, fmt, tz) {
                Ok(s) => Ok(Value::string(s)),
                Err(TimeError::Error(e)) => Err(e),
                Err(TimeError::UnknownZone(z)) => Ok(Value::unknown(
                    "String",
                    &format!("strftime() in the time zone '{z}', which plint does not know"),
                )),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ts(s: &str) -> i64 {
        match parse_timestamp(s, None, None) {
            Ok(n) => n,
            Err(_) => panic!("cannot parse {s}"),
        }
    }

    /// Figures printed by Puppet 7.
    #[test]
    fn timestamps_as_puppet() {
        assert_eq!(
            timestamp_string(ts("2020-01-02T03:04:05.123Z")),
            "2020-01-02T03:04:05.123000000 UTC"
        );
        assert_eq!(
            timestamp_string(ts("2020-01-02T00:00:00 +01:00")),
            "2020-01-01T23:00:00.000000000 UTC"
        );
        assert_eq!(
            timestamp_string(ts("2020-01-02 10:11:12.5")),
            "2020-01-02T10:11:12.500000000 UTC"
        );
        let t = ts("2020-01-02T03:04:05Z");
        let f = |fmt: &str| format_timestamp(t, fmt, None).ok().unwrap_or_default();
        assert_eq!(
            f("%Y-%m-%d %H:%M:%S %z %Z %s %j %a %A %b %B %e %-d %I %p %l %y %C %u %w %%"),
            "2020-01-02 03:04:05 +0000 UTC 1577934245 002 Thu Thursday Jan January  2 2 03 AM  3 20 20 4 4 %"
        );
        assert_eq!(
            f("%c|%x|%X|%D|%R|%r|%L|%N|%3N|%^a|%10Y|%-m|%_m|%U|%W|%V|%G"),
            "Thu Jan  2 03:04:05 2020|01/02/20|03:04:05|01/02/20|03:04|03:04:05 AM|000|000000000|000|THU|0000002020|1| 1|00|00|01|2020"
        );
        assert_eq!(
            format_timestamp(t, "%F %T", Some("+05:30"))
                .ok()
                .unwrap_or_default(),
            "2020-01-02 08:34:05"
        );
        let parsed = parse_timestamp("02/01/2020", Some(&["%d/%m/%Y".to_string()]), Some("UTC"));
        assert_eq!(
            parsed.ok().map(timestamp_string).unwrap_or_default(),
            "2020-01-02T00:00:00.000000000 UTC"
        );
    }

    #[test]
    fn timespans_as_puppet() {
        let secs = |s: f64| (s * 1e9) as i64;
        assert_eq!(
            timespan_string(secs(3.0 * 3600.0 + 20.0 * 60.0 + 30.0)),
            "0-03:20:30.0"
        );
        assert_eq!(timespan_string(secs(-90.5)), "-0-00:01:30.5");
        assert_eq!(
            format_timespan(secs(93784.123456789), "%D days %H:%M:%S.%L %N %-N %3N")
                .unwrap_or_default(),
            "1 days 02:03:04.123 123456789 123456789 123"
        );
        assert_eq!(
            format_timespan(secs(3723.0), "%M:%S").unwrap_or_default(),
            "62:03"
        );
        assert_eq!(
            format_timespan(secs(3723.0), "%_H|%-H|%5S|%05S").unwrap_or_default(),
            " 1|1|00003|00003"
        );
        assert_eq!(
            parse_timespan("1-02:03:04", None)
                .ok()
                .map(timespan_string)
                .unwrap_or_default(),
            "1-02:03:04.0"
        );
        assert_eq!(
            parse_timespan("02:03", Some(&["%H:%M".to_string()]))
                .ok()
                .map(timespan_string)
                .unwrap_or_default(),
            "0-02:03:00.0"
        );
    }
}
