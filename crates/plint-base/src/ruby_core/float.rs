//! Ruby's `Float#to_s`, which is how Puppet writes a Float everywhere (strings, catalogs,
//! type displays).
//!
//! The digits are the shortest that read back as the same float (Rust's `{:e}` gives them);
//! where two such digit strings are equally near (the float lies exactly halfway), Ruby takes
//! the one ending in an even digit, as its `dtoa` rounds half to even, and Rust the higher.
//! The decimal point's place `p` (the value is `0.DIGITS × 10^p`) picks the form: fixed with
//! at least one decimal (`100.0`, `0.0001`) when `-3 <= p <= 15`, and for `p = 16` when there
//! are more than 16 digits (`1234567890123456.8`); otherwise scientific with a signed
//! exponent of at least two digits (`1.0e+16`, `1.0e-05`).

/// `Float#to_s`.
pub fn to_s(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    let (digits, point) = shortest_digits(f);
    let exp = point - 1;
    let sign = if f < 0.0 { "-" } else { "" };
    let fixed = (-3..=15).contains(&point) || (point == 16 && digits.len() > 16);
    if !fixed {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        let exp_sign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}.{rest}e{exp_sign}{:02}", exp.abs());
    }
    if point <= 0 {
        return format!(
            "{sign}0.{}{digits}",
            "0".repeat(point.unsigned_abs() as usize)
        );
    }
    let point = point as usize;
    if point >= digits.len() {
        return format!("{sign}{digits}{}.0", "0".repeat(point - digits.len()));
    }
    let (whole, fraction) = digits.split_at(point);
    format!("{sign}{whole}.{fraction}")
}

/// The shortest digits that read back as `|f|` (finite, not zero), Ruby's at a tie, and the
/// place of the decimal point: `|f| = 0.DIGITS × 10^point`.
pub fn shortest_digits(f: f64) -> (String, i32) {
    let sci = format!("{:e}", f.abs());
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    to_even_at_tie(f.abs(), &mut digits, exp);
    (digits, exp + 1)
}

/// Where `f` lies exactly halfway between the odd-ended `digits` (the value `0.DIGITS × 10^(exp
/// + 1)`) and its even neighbour, takes the even one.
fn to_even_at_tie(f: f64, digits: &mut String, exp: i32) {
    let Some(last) = digits.bytes().last() else {
        return;
    };
    if last % 2 == 0 {
        return;
    }
    let Ok(d) = digits.parse::<u64>() else {
        return;
    };
    // A halfway point is (10·d ± 5) × 10^k.
    let k = exp - digits.len() as i32;
    let exact = |n: u64| compare_exact(f, n, k) == std::cmp::Ordering::Equal;
    let replace = if exact(d * 10 - 5) {
        d - 1
    } else if exact(d * 10 + 5) {
        d + 1
    } else {
        return;
    };
    *digits = format!("{replace:0width$}", width = digits.len());
}

/// How `f` (finite, not negative) compares with `n × 10^k`, exactly.
pub fn compare_exact(f: f64, n: u64, k: i32) -> std::cmp::Ordering {
    use num_bigint::BigUint;
    use num_traits::pow::Pow;
    // f = m × 2^q exactly.
    let bits = f.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, q) = if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), biased - 1075)
    };
    let mut left = BigUint::from(m);
    let mut right = BigUint::from(n);
    if q >= 0 {
        left <<= q as usize;
    } else {
        right <<= (-q) as usize;
    }
    let ten = BigUint::from(10u32);
    if k >= 0 {
        right *= Pow::pow(&ten, k as u32);
    } else {
        left *= Pow::pow(&ten, (-k) as u32);
    }
    left.cmp(&right)
}
