//! The proleptic Gregorian calendar as Ruby's `Time` uses it: civil dates from days and back,
//! ISO weeks, and time zone offsets.

use super::{NS_PER_SEC, TimeError, TimeResult, fail};

/// Days since 1970-01-01 of a proleptic Gregorian date.
pub(super) fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
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

pub(super) const MONTHS: [&str; 12] = [
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
pub(super) const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// A timestamp broken down in a time zone offset.
pub(super) struct Civil {
    pub(super) year: i64,
    pub(super) month: i64,
    pub(super) day: i64,
    pub(super) hour: i64,
    pub(super) min: i64,
    pub(super) sec: i64,
    pub(super) nsec: i64,
    /// 0 = Sunday.
    pub(super) wday: i64,
    /// 1-based day of the year.
    pub(super) yday: i64,
    pub(super) offset: i64,
    pub(super) utc: bool,
    /// Seconds since the epoch.
    pub(super) epoch: i64,
}

pub(super) fn civil(nanos: i64, offset: i64, utc: bool) -> Civil {
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
pub(super) fn iso_week(c: &Civil) -> (i64, i64) {
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
pub(super) fn timezone_arg(tz: &str) -> TimeResult<i64> {
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
