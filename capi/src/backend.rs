//! Which backend the C API runs on.

use core::ffi::c_char;
use std::ffi::CString;
use std::sync::OnceLock;

use dirgolem::Generator;

use crate::boundary::guard;

/// The detected backend's name, NUL-terminated, made once.
static NAME: OnceLock<CString> = OnceLock::new();

/// The name of the backend every `dg_` call runs on: `"scalar"`, `"sse2"`, `"avx2"`,
/// `"avx512"` or `"neon"`. It is the one `dirgolem::Generator::detect` picks, the fastest this
/// CPU runs, detected once per process; `DIRGOLEM_BACKEND` is not read. The text is static:
/// never free it.
#[unsafe(no_mangle)]
pub extern "C" fn dg_backend_name() -> *const c_char {
    guard(c"unknown".as_ptr(), || {
        NAME.get_or_init(|| {
            // Backend names are plain ASCII words, never with a NUL inside.
            CString::new(Generator::detect().backend().name()).unwrap_or_default()
        })
        .as_ptr()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    #[test]
    fn the_name_is_the_detected_backends() {
        // SAFETY: dg_backend_name returns a static NUL-terminated string.
        let name = unsafe { CStr::from_ptr(dg_backend_name()) };
        assert_eq!(name.to_str(), Ok(dirgolem::Backend::detect().name()));
    }
}
