//! `plint::ruby_core` against Ruby's own answers (`scripts/oracle/ruby-core-oracle.rb` wrote
//! `tests/ruby_core/*.json`).

use plint::ruby_core::{base64, float, inspect, json};
use serde_json::Value;

fn unhex(v: &Value) -> Option<Vec<u8>> {
    let s = v.as_str()?;
    Some(
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
            .collect(),
    )
}

fn oracle(name: &str) -> Value {
    let path = format!("{}/tests/ruby_core/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect(&path);
    serde_json::from_str(&text).expect("json")
}

#[test]
fn base64_encodes_as_ruby() {
    let o = oracle("base64");
    let cases = o["encode"].as_array().expect("encode");
    assert!(cases.len() > 100);
    for c in cases {
        let input = unhex(&c["input"]).expect("input");
        let want = |k: &str| String::from_utf8(unhex(&c[k]).expect(k)).expect("ascii");
        assert_eq!(base64::encode64(&input), want("encode64"), "{input:?}");
        assert_eq!(base64::strict_encode(&input), want("strict_encode64"));
        assert_eq!(base64::strict_encode(&input), want("pack_m0"));
        assert_eq!(
            base64::urlsafe_encode(&input, true),
            want("urlsafe_encode64")
        );
        assert_eq!(
            base64::urlsafe_encode(&input, false),
            want("urlsafe_encode64_nopad")
        );
        assert_eq!(base64::encode_lines(&input, 3), want("pack_m3"));
        assert_eq!(base64::encode_lines(&input, 30), want("pack_m30"));
    }
}

#[test]
fn base64_decodes_as_ruby() {
    let o = oracle("base64");
    let cases = o["decode"].as_array().expect("decode");
    assert!(cases.len() > 80);
    for c in cases {
        let input = unhex(&c["input"]).expect("input");
        let shown = String::from_utf8_lossy(&input);
        assert_eq!(
            Some(base64::decode(&input)),
            unhex(&c["decode64"]),
            "decode64 {shown:?}"
        );
        assert_eq!(
            base64::strict_decode(&input),
            unhex(&c["strict_decode64"]),
            "strict_decode64 {shown:?}"
        );
        assert_eq!(
            base64::urlsafe_decode(&input),
            unhex(&c["urlsafe_decode64"]),
            "urlsafe_decode64 {shown:?}"
        );
    }
}

#[test]
fn floats_print_as_ruby() {
    let o = oracle("float");
    let cases = o["to_s"].as_array().expect("to_s");
    assert!(cases.len() > 1000);
    for c in cases {
        let bits = u64::from_str_radix(c["bits"].as_str().expect("bits"), 16).expect("hex");
        let f = f64::from_bits(bits);
        assert_eq!(float::to_s(f), c["to_s"].as_str().expect("to_s"), "{f:e}");
    }
}

#[test]
fn strings_are_inspected_as_ruby() {
    let o = oracle("inspect");
    let cases = o["inspect"].as_array().expect("inspect");
    assert!(cases.len() > 1000);
    for c in cases {
        let input = c["input"].as_str().expect("input");
        assert_eq!(
            inspect::inspect(input),
            c["inspect"].as_str().expect("inspect"),
            "{input:?}"
        );
    }
}

fn write(w: &mut json::Writer, v: &Value) {
    match v {
        Value::Null => w.null(),
        Value::Bool(b) => w.bool(*b),
        Value::Number(n) if n.is_i64() || n.is_u64() => w.integer(&n.to_string()),
        Value::Number(n) => w.float(n.as_f64().expect("f64")).expect("finite"),
        Value::String(s) => w.string(s),
        Value::Array(a) => {
            w.begin_array();
            a.iter().for_each(|x| write(w, x));
            w.end_array();
        }
        Value::Object(o) => {
            w.begin_object();
            for (k, x) in o {
                w.key(k);
                write(w, x);
            }
            w.end_object();
        }
    }
}

#[test]
fn json_is_written_as_ruby() {
    let o = oracle("json");
    let cases = o["json"].as_array().expect("json");
    for c in cases {
        let doc: Value = serde_json::from_str(c["doc"].as_str().expect("doc")).expect("doc");
        for (pretty, key) in [(false, "generate"), (true, "pretty")] {
            let mut w = json::Writer::new(pretty);
            write(&mut w, &doc);
            assert_eq!(w.finish(), c[key].as_str().expect(key), "{key} of {doc}");
        }
    }
    let mut w = json::Writer::new(false);
    assert_eq!(
        w.float(f64::NAN).map_err(|e| e.to_string()),
        Err("NaN not allowed in JSON".to_string())
    );
}
