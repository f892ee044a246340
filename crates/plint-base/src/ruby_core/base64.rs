//! Ruby's `Base64` module, as `pack('m')` and `unpack('m')` do it, over the `base64` crate.
//!
//! Ruby's own rules on top of the standard alphabet and padding:
//! - [`encode_lines`] folds the text into lines of `bytes_per_line` input bytes, each line
//!   ending with a newline (`Base64.encode64` is 45 bytes, 60 characters a line); nothing for
//!   an empty input.
//! - [`decode`] (`Base64.decode64`, `unpack('m')`) accepts anything: characters outside the
//!   alphabet are skipped, a `=` ends the text once two characters of a group are read, and a
//!   last lone character is dropped.
//! - [`strict_decode`] (`unpack('m0')`) accepts only whole groups with exact padding and no
//!   stray bits; [`urlsafe_decode`] pads an unpadded text first.

use base64::Engine as _;
use base64::alphabet;
use base64::engine::general_purpose::{STANDARD, URL_SAFE, URL_SAFE_NO_PAD};
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};

/// `Base64.strict_encode64`, `pack('m0')`: one line, padded.
pub fn strict_encode(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

/// `pack('m<n>')`: lines of `bytes_per_line` input bytes (a multiple of 3), each ending with a
/// newline. `Base64.encode64` is `encode_lines(bytes, 45)`.
pub fn encode_lines(bytes: &[u8], bytes_per_line: usize) -> String {
    let per = bytes_per_line.max(3) / 3 * 3;
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4 + bytes.len() / per + 1);
    for line in bytes.chunks(per) {
        STANDARD.encode_string(line, &mut out);
        out.push('\n');
    }
    out
}

/// `Base64.encode64`: lines of 60 characters.
pub fn encode64(bytes: &[u8]) -> String {
    encode_lines(bytes, 45)
}

/// `Base64.urlsafe_encode64(bytes, padding:)`.
pub fn urlsafe_encode(bytes: &[u8], padding: bool) -> String {
    if padding {
        URL_SAFE.encode(bytes)
    } else {
        URL_SAFE_NO_PAD.encode(bytes)
    }
}

/// The standard alphabet, any padding, stray bits allowed: what is left of a lenient text
/// once [`decode`] has picked its characters.
const LENIENT: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_padding_mode(DecodePaddingMode::RequireNone)
        .with_decode_allow_trailing_bits(true),
);

fn in_alphabet(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'+' || c == b'/'
}

/// `Base64.decode64`, `unpack('m')`: never fails.
pub fn decode(text: &[u8]) -> Vec<u8> {
    let mut picked = Vec::with_capacity(text.len());
    for &c in text {
        if in_alphabet(c) {
            picked.push(c);
        } else if c == b'=' && picked.len() % 4 >= 2 {
            break;
        }
    }
    if picked.len() % 4 == 1 {
        picked.pop();
    }
    LENIENT.decode(&picked).unwrap_or_default()
}

/// `Base64.strict_decode64`, `unpack('m0')`: `None` where Ruby raises `ArgumentError`
/// ("invalid base64").
pub fn strict_decode(text: &[u8]) -> Option<Vec<u8>> {
    STANDARD.decode(text).ok()
}

/// `Base64.urlsafe_decode64`: `-` and `_` read as `+` and `/` (so both alphabets are
/// accepted), an unpadded text padded, then decoded strictly.
pub fn urlsafe_decode(text: &[u8]) -> Option<Vec<u8>> {
    let mut standard: Vec<u8> = text
        .iter()
        .map(|&c| match c {
            b'-' => b'+',
            b'_' => b'/',
            c => c,
        })
        .collect();
    if !text.ends_with(b"=") && !text.len().is_multiple_of(4) {
        standard.resize(text.len().div_ceil(4) * 4, b'=');
    }
    strict_decode(&standard)
}
