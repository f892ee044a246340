//! Timestamps: formatting with Ruby's `strftime` directives, the string form, and parsing with
//! `strptime` for the formats Puppet's defaults and manifests use.

use super::calendar::{
    Civil, DAYS, MONTHS, civil, days_from_civil, iso_week, timezone_arg, zone_offset,
};
use super::{MAX_WIDTH, NS_PER_SEC, TimeError, TimeResult, fail};
use crate::eval::error::EvalError;
use crate::eval::value::Value;

/// The flags and width of a `strftime` directive (after its `%`): `-`, `_`, `0` (padding), `^`
/// (upper case), `#` (swapped case), `:` (a zone offset's colons), then the width.
struct Flags {
    pad: Option<char>,
    upper: bool,
    swap: bool,
    colons: usize,
    width: Option<usize>,
}

/// Reads a directive's [`Flags`] from `chars` at `i`, moving `i` past them.
fn read_flags(chars: &[char], i: &mut usize, format: &str) -> TimeResult<Flags> {
    let mut pad: Option<char> = None;
    let mut upper = false;
    let mut swap = false;
    let mut colons = 0;
    while let Some(&f) = chars.get(*i) {
        match f {
            '-' => pad = Some('\0'),
            '_' => pad = Some(' '),
            '0' => pad = Some('0'),
            '^' => upper = true,
            '#' => swap = true,
            ':' => colons += 1,
            _ => break,
        }
        *i += 1;
    }
    let mut width: Option<usize> = None;
    while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
        width = Some(
            width
                .unwrap_or(0)
                .saturating_mul(10)
                .saturating_add(d as usize),
        );
        *i += 1;
    }
    if width.is_some_and(|w| w > MAX_WIDTH) {
        return fail(format!("strftime(): width too large in '{format}'"));
    }
    Ok(Flags {
        pad,
        upper,
        swap,
        colons,
        width,
    })
}

/// `%c` and `%+`: `Sun Jan  2 03:04:05 [zone ]2000`.
fn stamp(c: &Civil, zone: Option<&str>) -> String {
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
}

/// `%z`, `%:z`, `%::z`: the zone's offset from UTC.
fn zone_offset_text(c: &Civil, colons: usize, width: Option<usize>, pad: Option<char>) -> String {
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
        let Flags {
            pad,
            upper,
            swap,
            colons,
            width,
        } = read_flags(&chars, &mut i, format)?;
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
            'z' => zone_offset_text(&c, colons, width, pad),
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
            'c' => text(&stamp(&c, None)),
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
            '+' => text(&stamp(&c, Some(if c.utc { "UTC" } else { "" }))),
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
    let fmt: Vec<char> = format.chars().collect();
    let mut input = Scanner {
        input: s.chars().collect(),
        pos: 0,
    };
    let mut p = Parsed::default();
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        i += 1;
        if c.is_whitespace() {
            input.skip_whitespace();
            continue;
        }
        if c != '%' {
            input.expect(c)?;
            continue;
        }
        let conv = *fmt.get(i)?;
        i += 1;
        // A numeric directive followed by another one reads a fixed number of digits.
        let next_is_digit_directive = fmt.get(i) == Some(&'%')
            && fmt
                .get(i + 1)
                .is_some_and(|d| "YmdHMSjLNyCeIl".contains(*d));
        input.directive(conv, next_is_digit_directive, &mut p)?;
    }
    (input.pos == input.input.len()).then_some(p)
}

/// The string `strptime` reads, and how far it has read.
struct Scanner {
    input: Vec<char>,
    pos: usize,
}

impl Scanner {
    /// Reads what the directive `%conv` matches into `p`; `None` when the text does not match.
    fn directive(
        &mut self,
        conv: char,
        next_is_digit_directive: bool,
        p: &mut Parsed,
    ) -> Option<()> {
        match conv {
            'Y' => p.year = Some(self.digits(if next_is_digit_directive { 4 } else { 20 }, true)?),
            'm' => p.mon = Some(self.digits(2, false)?),
            'd' | 'e' => {
                self.skip(' ');
                p.mday = Some(self.digits(2, false)?);
            }
            'H' | 'k' => {
                self.skip(' ');
                p.hour = Some(self.digits(2, false)?);
            }
            'M' => p.min = Some(self.digits(2, false)?),
            'S' => p.sec = Some(self.digits(2, false)?),
            'L' | 'N' => p.nsec = Some(self.fraction()?),
            's' => p.epoch = Some(self.digits(30, true)?),
            'F' => {
                let [y, m, d] = self.three_numbers('-', 20, true)?;
                (p.year, p.mon, p.mday) = (Some(y), Some(m), Some(d));
            }
            'T' => {
                let [h, m, s] = self.three_numbers(':', 2, false)?;
                (p.hour, p.min, p.sec) = (Some(h), Some(m), Some(s));
            }
            'z' | 'Z' => p.zone = Some(self.zone()?),
            'b' | 'B' | 'h' => p.mon = Some(self.name(&MONTHS)? as i64 + 1),
            'a' | 'A' => {
                self.name(&DAYS)?;
            }
            '%' => self.expect('%')?,
            _ => return None,
        }
        Some(())
    }

    fn skip_whitespace(&mut self) {
        while self.pos < self.input.len() && self.input[self.pos].is_whitespace() {
            self.pos += 1;
        }
    }

    /// Passes `c` if it is next.
    fn skip(&mut self, c: char) {
        if self.input.get(self.pos) == Some(&c) {
            self.pos += 1;
        }
    }

    /// Passes `c`, which must be next.
    fn expect(&mut self, c: char) -> Option<()> {
        if self.input.get(self.pos) != Some(&c) {
            return None;
        }
        self.pos += 1;
        Some(())
    }

    /// A number of at most `max` digits, with a sign if `signed`; nothing read when there is
    /// no digit.
    fn digits(&mut self, max: usize, signed: bool) -> Option<i64> {
        let input = &self.input;
        let start = self.pos;
        let mut pos = start;
        if signed && matches!(input.get(pos), Some('+' | '-')) {
            pos += 1;
        }
        let dstart = pos;
        while pos < input.len() && pos - dstart < max && input[pos].is_ascii_digit() {
            pos += 1;
        }
        if pos == dstart {
            return None;
        }
        self.pos = pos;
        input[start..pos].iter().collect::<String>().parse().ok()
    }

    /// `%L`, `%N`: the digits of a fraction of a second, as nanoseconds.
    fn fraction(&mut self) -> Option<i64> {
        let start = self.pos;
        while self.pos < self.input.len() && self.input[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        let mut frac: String = self.input[start..self.pos].iter().collect();
        frac.truncate(9);
        while frac.len() < 9 {
            frac.push('0');
        }
        frac.parse().ok()
    }

    /// `%F` (`%Y-%m-%d`) or `%T` (`%H:%M:%S`): three numbers and two `sep`; the first of at most
    /// `first_width` digits (with a sign if `signed`), the others of two.
    fn three_numbers(&mut self, sep: char, first_width: usize, signed: bool) -> Option<[i64; 3]> {
        let mut parts = [0; 3];
        for (i, part) in parts.iter_mut().enumerate() {
            if i > 0 {
                self.expect(sep)?;
            }
            let (width, signed) = if i == 0 {
                (first_width, signed)
            } else {
                (2, false)
            };
            *part = self.digits(width, signed)?;
        }
        Some(parts)
    }

    /// `%z`, `%Z`: an offset (`+01:00`), or a name with an offset or not (`UTC`, `UTC+01:00`).
    fn zone(&mut self) -> Option<String> {
        let start = self.pos;
        if !matches!(self.input.get(self.pos), Some('+' | '-')) {
            while self.pos < self.input.len() && self.input[self.pos].is_ascii_alphabetic() {
                self.pos += 1;
            }
        }
        if matches!(self.input.get(self.pos), Some('+' | '-')) {
            self.pos += 1;
            while self.pos < self.input.len()
                && (self.input[self.pos].is_ascii_digit() || self.input[self.pos] == ':')
            {
                self.pos += 1;
            }
        }
        if self.pos == start {
            return None;
        }
        Some(self.input[start..self.pos].iter().collect())
    }

    /// One of `names` (months, days), whole or its first three letters, in any case: its index.
    fn name(&mut self, names: &[&str]) -> Option<usize> {
        let rest: String = self.input[self.pos..]
            .iter()
            .collect::<String>()
            .to_lowercase();
        let (k, len) = names.iter().enumerate().find_map(|(k, name)| {
            let name = name.to_lowercase();
            if rest.starts_with(&name) {
                Some((k, name.len()))
            } else if rest.starts_with(&name[..3]) {
                Some((k, 3))
            } else {
                None
            }
        })?;
        self.pos += len;
        Some(k)
    }
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
