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

mod calendar;
mod timespan;
mod timestamp;

pub use calendar::zone_offset;
pub use timespan::{format_timespan, parse_timespan, timespan_from_fields, timespan_string};
pub use timestamp::{format_timestamp, parse_timestamp, seconds_to_nanos, timestamp_string};

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
