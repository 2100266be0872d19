//! Small predicates of the URL syntax that the state machine
//! (`parser`), the route for URLs that are already serialised (`fast`),
//! the setters and `can_parse` (`validate`) share, so that none of them
//! has to import another for them.

/// A single-dot path segment: `.` or `%2e`, any case.
#[inline(always)]
pub(crate) fn is_single_dot(s: &[u8]) -> bool {
    s == b"." || s.eq_ignore_ascii_case(b"%2e")
}

/// A double-dot path segment: `..`, `.%2e`, `%2e.` or `%2e%2e`, any case.
#[inline(always)]
pub(crate) fn is_double_dot(s: &[u8]) -> bool {
    match s.len() {
        2 => s == b"..",
        4 => s.eq_ignore_ascii_case(b".%2e") || s.eq_ignore_ascii_case(b"%2e."),
        6 => s.eq_ignore_ascii_case(b"%2e%2e"),
        _ => false,
    }
}

/// The value of a port made of ASCII digits, or `None` above 65535.
pub(crate) fn port_value(digits: &[u8]) -> Option<u16> {
    let mut v: u32 = 0;
    for &d in digits {
        v = v * 10 + u32::from(d - b'0');
        if v > 0xffff {
            return None;
        }
    }
    u16::try_from(v).ok()
}
