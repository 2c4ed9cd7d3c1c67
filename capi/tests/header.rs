//! The hand-written header `include/dirgolem.h` agrees with the Rust sources: every exported
//! `dg_` function has a prototype with the same name, parameter names and C types and the same
//! return type, and every `DG_` constant (with the error codes of `ErrorCode`) has the same
//! value on both sides. A C program compiled against a header that drifted would still link,
//! and then pass the wrong arguments; this test is what catches it.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// A function's parameters (name, C type) and its C return type.
#[derive(Debug, PartialEq, Eq)]
struct Signature {
    params: Vec<(String, String)>,
    returns: String,
}

/// The C spelling of a Rust type of the boundary, with `*` written without spaces before it.
fn c_type(rust: &str) -> String {
    let rust = rust.split_whitespace().collect::<Vec<_>>().join(" ");
    let c = match rust.as_str() {
        "*const c_char" => "const char*",
        "*mut c_char" => "char*",
        "*const DgPosition" => "const dg_position*",
        "*mut DgPosition" => "dg_position*",
        "*mut dg_move" => "dg_move*",
        "dg_move" => "dg_move",
        "c_int" => "int",
        "c_uint" => "unsigned",
        "usize" => "size_t",
        "u64" => "uint64_t",
        "i32" => "int32_t",
        "" => "void",
        other => panic!("no C type for the Rust type `{other}`: add it to the test's mapping"),
    };
    c.to_string()
}

/// `const  dg_position * p` -> ("p", "const dg_position*"); `char buf[6]` -> ("buf", "char*").
fn c_param(param: &str) -> (String, String) {
    let mut param = param.trim().to_string();
    let mut array = false;
    if let Some(open) = param.find('[') {
        param.truncate(open);
        array = true;
    }
    let split = param
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .expect("a C parameter has a type and a name");
    let name = param[split + 1..].to_string();
    let mut ty = normalise_c_type(&param[..=split]);
    if array {
        ty.push('*');
    }
    (name, ty)
}

/// Whitespace collapsed, none before a `*`.
fn normalise_c_type(ty: &str) -> String {
    let ty = ty.split_whitespace().collect::<Vec<_>>().join(" ");
    ty.replace(" *", "*").trim().to_string()
}

/// The exported functions of the Rust sources, by name.
fn rust_functions(sources: &str) -> BTreeMap<String, Signature> {
    let mut functions = BTreeMap::new();
    for (at, _) in sources.match_indices("extern \"C\" fn ") {
        let rest = &sources[at + "extern \"C\" fn ".len()..];
        let open = rest.find('(').unwrap();
        let name = rest[..open].trim().to_string();
        let close = rest.find(')').unwrap();
        let params = rest[open + 1..close]
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .map(|p| {
                let (name, ty) = p.split_once(':').expect("a Rust parameter is `name: Type`");
                (name.trim().to_string(), c_type(ty))
            })
            .collect();
        let after = &rest[close + 1..rest.find('{').unwrap()];
        let returns = c_type(after.trim().trim_start_matches("->"));
        let previous = functions.insert(name.clone(), Signature { params, returns });
        assert!(previous.is_none(), "{name} is defined twice");
    }
    functions
}

/// The header without its comments.
fn strip_comments(header: &str) -> String {
    let mut out = String::new();
    let mut rest = header;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("*/").expect("comments are closed");
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    out
}

/// The prototypes of the header, by name.
fn header_functions(header: &str) -> BTreeMap<String, Signature> {
    let code: String = header
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    let mut functions = BTreeMap::new();
    for statement in code.split(';') {
        let statement = statement.trim();
        let Some(open) = statement.find("dg_").and_then(|_| statement.find('(')) else {
            continue;
        };
        if statement.contains("typedef") || statement.contains('{') {
            continue;
        }
        let (name, returns) = c_param(&statement[..open]);
        let close = statement.rfind(')').unwrap();
        let inside = statement[open + 1..close].trim();
        let params = if inside == "void" {
            Vec::new()
        } else {
            inside.split(',').map(c_param).collect()
        };
        let previous = functions.insert(name.clone(), Signature { params, returns });
        assert!(previous.is_none(), "{name} is declared twice");
    }
    functions
}

/// `pub const DG_…: T = value;` of the Rust sources, and `ErrorCode`'s variants as
/// `DG_ERR_…`.
fn rust_constants(sources: &str) -> BTreeMap<String, i64> {
    let mut constants = BTreeMap::new();
    for line in sources.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("pub const DG_") else {
            continue;
        };
        let (name, rest) = rest.split_once(':').unwrap();
        let value = rest.split_once('=').unwrap().1.trim().trim_end_matches(';');
        let value = value.replace('_', "").parse().unwrap_or_else(|_| {
            panic!("DG_{name} is `{value}`: header constants are literals on the Rust side too")
        });
        constants.insert(format!("DG_{name}"), value);
    }
    let enum_start = sources.find("pub enum ErrorCode {").unwrap();
    let body = &sources[enum_start..];
    let body = &body[..body.find('}').unwrap()];
    for line in body.lines().map(str::trim) {
        if let Some((variant, value)) = line.trim_end_matches(',').split_once(" = ") {
            let mut name = String::from("DG_ERR");
            for c in variant.chars() {
                if c.is_ascii_uppercase() {
                    name.push('_');
                }
                name.push(c.to_ascii_uppercase());
            }
            constants.insert(name, value.parse().unwrap());
        }
    }
    constants
}

/// `#define DG_… value` of the header.
fn header_constants(header: &str) -> BTreeMap<String, i64> {
    strip_comments(header)
        .lines()
        .filter_map(|line| line.trim().strip_prefix("#define "))
        .filter_map(|define| {
            let mut words = define.split_whitespace();
            let name = words.next()?;
            let value = words.next()?;
            Some((name.to_string(), value.parse().ok()?))
        })
        .filter(|(name, _)| name.starts_with("DG_"))
        .collect()
}

fn rust_sources() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    let mut sources = String::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        // Only the code: the unit tests below `#[cfg(test)]` export nothing.
        let code = text.split("#[cfg(test)]\nmod tests").next().unwrap();
        sources.push_str(code);
    }
    sources
}

fn header() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/dirgolem.h");
    strip_comments(&fs::read_to_string(path).unwrap())
}

#[test]
fn every_exported_function_has_a_matching_prototype() {
    let sources = rust_sources();
    let rust = rust_functions(&sources);
    let exported = sources.matches("#[unsafe(no_mangle)]").count();
    assert_eq!(
        rust.len(),
        exported,
        "every exported item is an extern \"C\" fn"
    );
    assert!(rust.keys().all(|name| name.starts_with("dg_")));
    let c = header_functions(&header());
    assert_eq!(
        rust.keys().collect::<Vec<_>>(),
        c.keys().collect::<Vec<_>>(),
        "the same functions on both sides"
    );
    for (name, signature) in &rust {
        assert_eq!(
            Some(signature),
            c.get(name),
            "{name}: Rust (left) against the header"
        );
    }
}

#[test]
fn every_constant_has_the_same_value_on_both_sides() {
    let rust = rust_constants(&rust_sources());
    let c = header_constants(&header());
    assert!(rust.contains_key("DG_MAX_MOVES") && rust.contains_key("DG_ERR_INTERNAL"));
    assert_eq!(rust, c);
}

#[test]
fn the_parsers_read_what_they_are_meant_to() {
    // The checks above compare two parses; this one pins what a parse gives, so that a parser
    // that read nothing (and compared two empty maps) would fail here.
    let rust = rust_functions(
        "pub unsafe extern \"C\" fn dg_x(p: *const DgPosition, n: c_uint) -> u64 {}\n\
         pub extern \"C\" fn dg_y() {}",
    );
    let c = header_functions("uint64_t dg_x(const dg_position *p, unsigned n);\nvoid dg_y(void);");
    assert_eq!(rust, c);
    assert_eq!(
        c["dg_x"],
        Signature {
            params: vec![
                ("p".into(), "const dg_position*".into()),
                ("n".into(), "unsigned".into())
            ],
            returns: "uint64_t".into()
        }
    );
    assert_eq!(c_param("char buf[6]"), ("buf".into(), "char*".into()));
    let constants = rust_constants(
        "pub const DG_A: usize = 1_024;\npub enum ErrorCode {\n    FenSyntax = 3,\n}",
    );
    assert_eq!(constants["DG_A"], 1024);
    assert_eq!(constants["DG_ERR_FEN_SYNTAX"], 3);
    assert_eq!(header_functions(&header()).len(), 25);
}
