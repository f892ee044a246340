//! Repeatable randomness as Puppet computes it: `fqdn_rand` and the stdlib functions built on
//! the same generator (`fqdn_rand_string`, `fqdn_rotate`, `seeded_rand`, `seeded_rand_string`).
//!
//! Puppet seeds Ruby's `Random` (a Mersenne Twister, MT19937) with a big integer made from a
//! hex digest and draws `rand(max)`. The numbers end up in cron schedules and configuration
//! files, so they must be Puppet's exactly: the seeding from the integer's 32-bit words and
//! Ruby's bounded draw (mask, then retry while above the limit) are reproduced here.

use md5::{Digest, Md5};
use sha2::Sha256;

use super::format::ruby_to_s;
use super::{BuiltinFn, Lambda, arg_error, unknown_if_any};
use crate::eval::error::{EvalResult, err};
use crate::eval::value::Value;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[
    ("seeded_rand", seeded_rand),
    ("seeded_rand_string", seeded_rand_string),
];

const N: usize = 624;
const M: usize = 397;

/// Ruby's `Random` generator state (MT19937).
pub struct RubyRandom {
    state: [u32; N],
    index: usize,
}

impl RubyRandom {
    fn init_genrand(seed: u32) -> RubyRandom {
        let mut state = [0u32; N];
        state[0] = seed;
        for i in 1..N {
            state[i] = 1_812_433_253u32
                .wrapping_mul(state[i - 1] ^ (state[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        RubyRandom { state, index: N }
    }

    fn init_by_array(key: &[u32]) -> RubyRandom {
        let mut r = RubyRandom::init_genrand(19_650_218);
        let mt = &mut r.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        r
    }

    /// `Random.new(seed)` for a non-negative integer given by its 32-bit words, least
    /// significant first.
    pub fn from_words(words: &[u32]) -> RubyRandom {
        let mut len = words.len();
        while len > 0 && words[len - 1] == 0 {
            len -= 1;
        }
        // Ruby drops a most significant word equal to 1 (its guard against leading zeros),
        // then seeds from a single word directly and from several words as an array.
        if len > 1 && words[len - 1] == 1 {
            len -= 1;
        }
        if len <= 1 {
            return RubyRandom::init_genrand(words.first().copied().unwrap_or(0));
        }
        RubyRandom::init_by_array(&words[..len])
    }

    /// `Random.new(hex.hex)`: seeded with the integer a hex digest spells.
    pub fn from_hex(hex: &str) -> RubyRandom {
        let digits: Vec<u32> = hex.chars().filter_map(|c| c.to_digit(16)).collect();
        let mut words = Vec::with_capacity(digits.len() / 8 + 1);
        for chunk in digits.rchunks(8) {
            words.push(chunk.iter().fold(0u32, |acc, d| (acc << 4) | d));
        }
        RubyRandom::from_words(&words)
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            let mt = &mut self.state;
            for k in 0..N {
                let y = (mt[k] & 0x8000_0000) | (mt[(k + 1) % N] & 0x7fff_ffff);
                let mut v = mt[(k + M) % N] ^ (y >> 1);
                if y & 1 != 0 {
                    v ^= 0x9908_b0df;
                }
                mt[k] = v;
            }
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// Ruby's `rand(max)` for a positive integer `max`: a uniform integer in `0...max`.
    pub fn rand_int(&mut self, max: u64) -> u64 {
        let limit = max - 1;
        if limit == 0 {
            return 0;
        }
        let mut mask = limit;
        for shift in [1, 2, 4, 8, 16, 32] {
            mask |= mask >> shift;
        }
        'retry: loop {
            let mut val = 0u64;
            for i in (0..2).rev() {
                if (mask >> (i * 32)) & 0xffff_ffff != 0 {
                    val |= u64::from(self.next_u32()) << (i * 32);
                    val &= mask;
                    if limit < val {
                        continue 'retry;
                    }
                }
            }
            return val;
        }
    }
}

fn md5_hex(s: &str) -> String {
    hex(&Md5::digest(s.as_bytes()))
}

pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Ruby's `Array#join(':')` of Puppet values: a nested array is one element, joined the same
/// way (an empty one is an empty element); undef is empty.
fn join_colon(values: &[Value]) -> String {
    let parts: Vec<String> = values
        .iter()
        .map(|v| match v {
            Value::Array(a) => join_colon(a),
            other => ruby_to_s(other),
        })
        .collect();
    parts.join(":")
}

/// Ruby's `to_i` of a value as 3.x functions see it.
fn ruby_to_i(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        Value::Float(f) if f.is_finite() => Some(f.trunc() as i64),
        Value::Undef => Some(0),
        Value::String(s) => {
            let t = s.trim_start();
            let (neg, body) = match t.as_bytes().first() {
                Some(b'-') => (true, &t[1..]),
                Some(b'+') => (false, &t[1..]),
                _ => (false, t),
            };
            let mut n: i64 = 0;
            let mut prev_digit = false;
            for c in body.chars() {
                match c {
                    '0'..='9' => {
                        n = n
                            .saturating_mul(10)
                            .saturating_add(i64::from(c as u8 - b'0'));
                        prev_digit = true;
                    }
                    '_' if prev_digit => prev_digit = false,
                    _ => break,
                }
            }
            Some(if neg { -n } else { n })
        }
        _ => None,
    }
}

/// `Random.new(seed).rand(max)` with Ruby's error for a bound that is not positive.
fn deterministic_rand(rng_hex: &str, max: i64) -> EvalResult<i64> {
    if max <= 0 {
        return err(format!("invalid argument - {max}"));
    }
    Ok(RubyRandom::from_hex(rng_hex).rand_int(max as u64) as i64)
}

/// Whether `name` is one of the functions that need the node's fqdn ([`call_fqdn`]).
pub fn is_fqdn_function(name: &str) -> bool {
    matches!(name, "fqdn_rand" | "fqdn_rand_string" | "fqdn_rotate")
}

/// Calls `fqdn_rand`, `fqdn_rand_string` or `fqdn_rotate`. `facts_fqdn` is
/// `$facts['networking']['fqdn']` (which `fqdn_rand` uses), `top_fqdn` the top-scope `$fqdn`
/// (which stdlib's `fqdn_rotate` uses); `None` when not set.
pub fn call_fqdn(
    name: &str,
    args: Vec<Value>,
    facts_fqdn: Option<&Value>,
    top_fqdn: Option<&Value>,
) -> EvalResult {
    let ty = match name {
        "fqdn_rand" => "Integer",
        "fqdn_rand_string" => "String",
        _ => "Variant[String, Array]",
    };
    let fqdn = if name == "fqdn_rotate" {
        top_fqdn
    } else {
        facts_fqdn
    };
    if let Some(u) = unknown_if_any(name, &args, ty) {
        return Ok(u);
    }
    if fqdn.is_some_and(Value::contains_unknown) {
        return Ok(Value::unknown(ty, &format!("{name}() of an unknown fqdn")));
    }
    let fqdn = fqdn.cloned().unwrap_or(Value::Undef);
    match name {
        "fqdn_rand" => fqdn_rand(&fqdn, &args).map(Value::Integer),
        "fqdn_rand_string" => fqdn_rand_string(&fqdn, args),
        _ => fqdn_rotate(&fqdn, args),
    }
}

/// Puppet's `fqdn_rand(max, seed, downcase)`.
fn fqdn_rand(fqdn: &Value, args: &[Value]) -> EvalResult<i64> {
    let Some(first) = args.first() else {
        return err("fqdn_rand(): Wrong number of arguments given (0 for at least 1)");
    };
    let Some(max) = ruby_to_i(first) else {
        return Err(arg_error("fqdn_rand", "an Integer maximum", args));
    };
    let seed = args.get(1).cloned().unwrap_or(Value::Undef);
    // `!!downcase`: 3.x functions receive undef as an empty string, which Ruby takes as true.
    let downcase = args
        .get(2)
        .is_some_and(|d| !matches!(d, Value::Boolean(false)));
    let fqdn = match fqdn {
        Value::String(s) if downcase => Value::string(s.to_lowercase()),
        Value::Undef if downcase => return err("undefined method `downcase' for nil:NilClass"),
        other => other.clone(),
    };
    let key = join_colon(&[fqdn, Value::Integer(max), seed]);
    deterministic_rand(&md5_hex(&key), max)
}

/// stdlib's `fqdn_rand_string(length, charset, seeds...)`.
fn fqdn_rand_string(fqdn: &Value, args: Vec<Value>) -> EvalResult {
    if args.is_empty() {
        return err("fqdn_rand_string(): wrong number of arguments (0 for 1)");
    }
    let length = match &args[0] {
        Value::Integer(i) if *i > 0 => *i,
        Value::String(s) if s.parse::<i64>().is_ok_and(|i| i > 0) => s.parse().unwrap_or(0),
        _ => return err("fqdn_rand_string(): first argument must be a positive integer"),
    };
    let charset: Vec<char> = match args.get(1) {
        None | Some(Value::Undef) => Vec::new(),
        Some(Value::String(s)) => s.chars().collect(),
        Some(_) => return err("fqdn_rand_string(): second argument must be undef or a string"),
    };
    let charset = if charset.is_empty() {
        ('0'..='9').chain('A'..='Z').chain('a'..='z').collect()
    } else {
        charset
    };
    let seeds: Vec<Value> = args.iter().skip(2).cloned().collect();
    let mut out = String::new();
    for current in 1..=length {
        let mut parts = seeds.clone();
        parts.push(Value::string(current.to_string()));
        let seed = Value::string(join_colon(&parts));
        let i = fqdn_rand(fqdn, &[Value::Integer(charset.len() as i64), seed])?;
        out.push(charset[i as usize]);
    }
    Ok(Value::string(out))
}

/// stdlib's `fqdn_rotate(array_or_string, seeds...)`: rotated left a repeatable number of
/// times.
fn fqdn_rotate(fqdn: &Value, args: Vec<Value>) -> EvalResult {
    let Some(value) = args.first() else {
        return err("fqdn_rotate(): Wrong number of arguments given (0 for 1)");
    };
    let (mut items, string) = match value {
        Value::Array(a) => (a.to_vec(), false),
        Value::String(s) => (
            s.chars().map(|c| Value::string(c.to_string())).collect(),
            true,
        ),
        _ => return err("fqdn_rotate(): Requires either array or string to work with"),
    };
    if items.len() <= 1 {
        return Ok(value.clone());
    }
    let mut key = vec![fqdn.clone()];
    key.push(Value::array(args[1..].to_vec()));
    let offset = deterministic_rand(&md5_hex(&join_colon(&key)), items.len() as i64)?;
    items.rotate_left(offset as usize);
    if string {
        Ok(Value::string(
            items
                .iter()
                .map(|v| v.to_puppet_string())
                .collect::<String>(),
        ))
    } else {
        Ok(Value::array(items))
    }
}

/// stdlib's `seeded_rand(max, seed)`.
fn seeded_rand(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.len() != 2 {
        return err(format!(
            "seeded_rand(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    unknown_guard!("seeded_rand", args, "Integer");
    let max = match &args[0] {
        Value::Integer(i) if *i > 0 => *i,
        Value::String(s) if s.parse::<i64>().is_ok_and(|i| i > 0) => s.parse().unwrap_or(0),
        _ => return err("seeded_rand(): first argument must be a positive integer"),
    };
    let Value::String(seed) = &args[1] else {
        return err("seeded_rand(): second argument must be a string");
    };
    deterministic_rand(&md5_hex(seed), max).map(Value::Integer)
}

/// stdlib's `seeded_rand_string(length, seed, charset)`.
fn seeded_rand_string(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if !(2..=3).contains(&args.len()) {
        return Err(arg_error(
            "seeded_rand_string",
            "between 2 and 3 arguments",
            &args,
        ));
    }
    unknown_guard!("seeded_rand_string", args, "String");
    let (Value::Integer(length), Value::String(seed)) = (&args[0], &args[1]) else {
        return Err(arg_error(
            "seeded_rand_string",
            "Integer[1] length, String seed",
            &args,
        ));
    };
    let charset: Vec<char> = match args.get(2) {
        None => "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
            .chars()
            .collect(),
        Some(Value::String(s)) if s.chars().count() >= 2 => s.chars().collect(),
        Some(_) => {
            return Err(arg_error(
                "seeded_rand_string",
                "a String[2] charset",
                &args,
            ));
        }
    };
    if *length < 1 {
        return Err(arg_error(
            "seeded_rand_string",
            "an Integer[1] length",
            &args,
        ));
    }
    let mut rng = RubyRandom::from_hex(&hex(&Sha256::digest(seed.as_bytes())));
    let out: String = (0..*length)
        .map(|_| charset[rng.rand_int(charset.len() as u64) as usize])
        .collect();
    Ok(Value::string(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Figures printed by Ruby 3.1 (`Random.new(seed).rand(max)`).
    #[test]
    fn matches_ruby_random() {
        assert_eq!(RubyRandom::from_words(&[42]).rand_int(100), 51);
        assert_eq!(RubyRandom::from_words(&[5, 1]).rand_int(1000), 867);
        assert_eq!(RubyRandom::from_words(&[5]).rand_int(1000), 867);
        assert_eq!(RubyRandom::from_words(&[7]).rand_int(1000), 175);
        assert_eq!(RubyRandom::from_words(&[7, 0, 1]).rand_int(1000), 264);
        assert_eq!(
            RubyRandom::from_words(&[0, 0x100]).rand_int(1 << 40),
            555_567_862_544
        );
        // (seed in hex, rand(2**32), then rand(1000)) from Ruby 3.1.
        for (seed, first, second) in [
            ("0", 2_357_136_044u64, 559u64),
            ("1", 1_791_095_845, 235),
            ("100000000", 2_357_136_044, 559),
            ("200000000", 49_182_197, 944),
            ("10000000100000000", 485_306_839, 956),
            ("1000000000000000000000005", 753_709_249, 943),
            ("ffffffffffffffffffffffffffffffff", 1_009_630_920, 896),
            ("d41d8cd98f00b204e9800998ecf8427e", 3_437_639_768, 145),
            ("10000000000000000", 647_325_673, 757),
        ] {
            let mut r = RubyRandom::from_hex(seed);
            assert_eq!(r.rand_int(1 << 32), first, "seed {seed}");
            assert_eq!(r.rand_int(1000), second, "seed {seed}");
        }
    }
}
