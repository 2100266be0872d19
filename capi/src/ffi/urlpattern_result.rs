//! The matches of URL patterns in the C API: `wwwurl_urlpattern_exec` and
//! `wwwurl_urlpattern_exec_init` give a `wwwurl_urlpattern_result`, whose
//! components are read by `_result_input` and the `_result_group_*`
//! functions. A result holds its strings in one buffer, each followed by
//! its NUL, so that they are lent without allocating, and it borrows
//! nothing from the pattern.
//!
//! The functions that make a result are here, not with the other pattern
//! functions in urlpattern.rs: a result is read by that module's component
//! numbers, so this module imports it, and it cannot import this one.

use super::alloc::Out;
use super::api::{
    export, free_block, store_block, Borrowed, Decl, HandleKind, HandleType, In, InOut, NewHandle,
    OptIn, Owned, Ref, Value,
};
use super::status::*;
use super::urlpattern::{
    init_of, text, texts, wwwurl_urlpattern_component, ComponentArg, ComponentName, InitIn,
    Pattern, PatternHandle, COMPONENTS,
};
use wwwurl_core::bytes::buf::{try_push, try_with_capacity, Buf, NoMemory};
use wwwurl_core::urlpattern::{Input, MatchResult};

/// What `wwwurl_urlpattern_exec` gives on a match: each component's input
/// and its groups, by name.
pub struct wwwurl_urlpattern_result {
    _private: [u8; 0],
}

// A result is read by many threads at once: what it holds must allow it.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<Matched>();
};

/// A group of a result: where its name and its value (`None`: it did not
/// take part) are in the result's text, their NULs included.
struct Group {
    name: (usize, usize),
    value: Option<(usize, usize)>,
}

/// What a `wwwurl_urlpattern_result *` points at: a match, its strings in
/// one buffer, each followed by a NUL.
pub(crate) struct Matched {
    text: Buf,
    /// Each component's input in `text`, its NUL included.
    inputs: [(usize, usize); COMPONENTS],
    /// Each component's groups: where they start in `groups`, and how
    /// many.
    spans: [(usize, usize); COMPONENTS],
    groups: Vec<Group>,
}

impl Matched {
    /// The match `m` made a result.
    fn new(m: &MatchResult) -> Result<Matched, wwwurl_status> {
        let mut size = 0;
        let mut count = 0;
        for i in 0..COMPONENTS {
            let c = m.component(i).ok_or(WWWURL_ERR_PANIC)?;
            size += c.input.len() + 1;
            for (n, v) in &c.groups {
                size += n.len() + 1 + v.as_ref().map_or(0, |v| v.len() + 1);
            }
            count += c.groups.len();
        }
        let mut text = Buf::with_capacity(size)?;
        let mut groups = try_with_capacity(count)?;
        let mut inputs = [(0, 0); COMPONENTS];
        let mut spans = [(0, 0); COMPONENTS];
        let add = |text: &mut Buf, s: &[u8]| -> Result<(usize, usize), NoMemory> {
            let start = text.len();
            text.extend_from_slice(s)?;
            text.push(0)?;
            Ok((start, text.len()))
        };
        for i in 0..COMPONENTS {
            let c = m.component(i).ok_or(WWWURL_ERR_PANIC)?;
            inputs[i] = add(&mut text, &c.input)?;
            spans[i] = (groups.len(), c.groups.len());
            for (n, v) in &c.groups {
                let name = add(&mut text, n)?;
                let value = v.as_ref().map(|v| add(&mut text, v)).transpose()?;
                try_push(&mut groups, Group { name, value })?;
            }
        }
        Ok(Matched {
            text,
            inputs,
            spans,
            groups,
        })
    }

    /// The bytes at `span` with their NUL. Cannot panic.
    fn at(&self, (start, end): (usize, usize)) -> Option<Borrowed> {
        Borrowed::new(self.text.get(start..end)?)
    }

    /// The groups of component `c`. Cannot panic.
    fn groups_of(&self, c: usize) -> Option<&[Group]> {
        let &(first, count) = self.spans.get(c)?;
        self.groups.get(first..)?.get(..count)
    }

    /// Group `i` of component `c`. Cannot panic.
    fn group(&self, c: wwwurl_urlpattern_component, i: usize) -> Option<&Group> {
        self.groups_of(usize::try_from(c).ok()?)?.get(i)
    }
}

/// `wwwurl_urlpattern_result` in declarations: a handle, or NULL for no
/// match.
pub(crate) struct MatchH;
impl HandleType for MatchH {
    type C = wwwurl_urlpattern_result;
    type Inner = Matched;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_urlpattern_result",
        // A match of the handle of a pattern made for it and freed after.
        make: "__extension__({ struct wwwurl_urlpattern *p_ = NULL; \
               wwwurl_status s_ = wwwurl_urlpattern_parse(\"http{s}?://:sub.example.com/:first/*\", \
               WWWURL_NUL_TERMINATED, NULL, 0, 0, &p_); \
               if (s_ == WWWURL_OK) s_ = wwwurl_urlpattern_exec(p_, \
               \"https://www.example.com/a/b?c=d#e\", WWWURL_NUL_TERMINATED, NULL, 0, &h); \
               wwwurl_urlpattern_free(p_); s_; })",
        free: "wwwurl_urlpattern_result_free",
        c_heap: true,
    };
    #[inline]
    unsafe fn release(p: *mut wwwurl_urlpattern_result) {
        // SAFETY: NULL or a block of `store_block` holding a `Matched`
        // (`hand_over`), not used again (the caller's promise).
        unsafe { free_block(p.cast::<Matched>()) }
    }
}

impl NewHandle<Option<Matched>> for MatchH {
    /// A match in a block of its own; no match is NULL.
    fn hand_over(
        out: Out<*mut wwwurl_urlpattern_result>,
        v: Option<Matched>,
    ) -> Result<(), wwwurl_status> {
        match v {
            Some(m) => store_block(out, m),
            None => {
                out.set(std::ptr::null_mut());
                Ok(())
            }
        }
    }
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_urlpattern_exec::DECL,
    wwwurl_urlpattern_exec_init::DECL,
    wwwurl_urlpattern_result_input::DECL,
    wwwurl_urlpattern_result_group_count::DECL,
    wwwurl_urlpattern_result_group_name::DECL,
    wwwurl_urlpattern_result_group_value::DECL,
    wwwurl_urlpattern_result_group_index::DECL,
    wwwurl_urlpattern_result_free::DECL,
];

/// The match of a URL against a pattern: JavaScript's
/// `pattern.exec(input, baseURL)`, each component's input and its groups
/// by name.
///
/// Parameters: as for `wwwurl_urlpattern_test`; `out` receives the result,
/// or NULL when the URL does not match (or is not a URL).
///
/// Returns `WWWURL_OK` (`*out` is the result, or NULL for no match); the
/// errors of `wwwurl_urlpattern_test`. `*out` is written only on
/// `WWWURL_OK`.
///
/// Memory and lifetimes: the caller owns a result and releases it with
/// `wwwurl_urlpattern_result_free`; it borrows nothing from the pattern or
/// the arguments. For a pattern with a regular expression of its own, see
/// `wwwurl_urlpattern_test`.
#[export(New<MatchH> memory(56))]
fn wwwurl_urlpattern_exec(
    #[c(Ref<Pattern>)] p: &PatternHandle,
    #[c(In, len = len)] input: &[u8],
    #[c(OptIn, len = base_len)] base: Option<&[u8]>,
) -> Result<Option<Matched>, wwwurl_status> {
    let (mut a, mut b) = (Buf::new(), Buf::new());
    let input = text(input, &mut a)?;
    let base = base.map(|s| text(s, &mut b)).transpose()?;
    p.pattern()
        .exec(Input::Str(input), base)?
        .map(|m| Matched::new(&m))
        .transpose()
}

/// The match of the components of an init against a pattern: JavaScript's
/// `pattern.exec(init)`.
///
/// Parameters: `p`, a pattern; `input`, the components (see
/// `wwwurl_urlpattern_test_init`); `out` receives the result, or NULL when
/// they do not match.
///
/// Returns the statuses of `wwwurl_urlpattern_exec`.
///
/// Memory and lifetimes: as for `wwwurl_urlpattern_exec`.
#[export(New<MatchH> memory(56))]
fn wwwurl_urlpattern_exec_init(
    #[c(Ref<Pattern>)] p: &PatternHandle,
    #[c(
        InitIn,
        sample = ".protocol = \"https\", .protocol_len = WWWURL_NUL_TERMINATED, \
                         .hostname = \"www.example.com\", .hostname_len = WWWURL_NUL_TERMINATED, \
                         .pathname = \"/a/b\", .pathname_len = WWWURL_NUL_TERMINATED"
    )]
    input: [Option<&[u8]>; 9],
) -> Result<Option<Matched>, wwwurl_status> {
    let mut rooms: [Buf; 9] = Default::default();
    let t = texts(&input, &mut rooms)?;
    p.pattern()
        .exec(Input::Init(&init_of(&t)), None)?
        .map(|m| Matched::new(&m))
        .transpose()
}

/// The input of a component in a result: the URL's component as the
/// pattern matched it (JavaScript's `result.pathname.input`), canonical,
/// without the `:` of the protocol, the `?` of the search or the `#` of the
/// hash.
///
/// Parameters: `r`, a result; `component`, a `WWWURL_URLPATTERN_*` value;
/// `len`, where the length is stored (may be NULL; 0 when NULL is
/// returned).
///
/// Returns the NUL-terminated input (possibly empty), UTF-8; NULL when `r`
/// is NULL or `component` is unknown.
///
/// Memory and lifetimes: borrowed from the result, valid until it is
/// freed. Allocates nothing.
#[export(Borrowed)]
fn wwwurl_urlpattern_result_input(
    #[c(Ref<MatchH>)] r: &Matched,
    #[c(Value<ComponentName>, sample = "WWWURL_URLPATTERN_PATHNAME")]
    component: wwwurl_urlpattern_component,
) -> Option<Borrowed> {
    r.at(*r.inputs.get(usize::try_from(component).ok()?)?)
}

/// The number of groups of a component in a result: its named groups
/// (`:id`) and its unnamed ones (`*`, `(\d+)`, named `0`, `1`...), in the
/// order of the pattern.
///
/// Returns the count; 0 when `r` is NULL or `component` is unknown.
#[export(ReadNumber<usize>(0))]
fn wwwurl_urlpattern_result_group_count(
    #[c(Ref<MatchH>)] r: &Matched,
    #[c(Value<ComponentName>, sample = "WWWURL_URLPATTERN_PATHNAME")]
    component: wwwurl_urlpattern_component,
) -> Option<usize> {
    Some(r.groups_of(usize::try_from(component).ok()?)?.len())
}

/// The name of group `i` of a component in a result (`id` for `:id`, `0`
/// for the first unnamed group).
///
/// Parameters: `r`, a result; `component`, a `WWWURL_URLPATTERN_*` value;
/// `i`, from 0 to the count less 1 (`wwwurl_urlpattern_result_group_count`);
/// `len`, where the length is stored (may be NULL; 0 when NULL is
/// returned).
///
/// Returns the NUL-terminated name; NULL when `r` is NULL, `component` is
/// unknown or `i` is the count or more.
///
/// Memory and lifetimes: borrowed from the result, valid until it is
/// freed. Allocates nothing.
#[export(Borrowed)]
fn wwwurl_urlpattern_result_group_name(
    #[c(Ref<MatchH>)] r: &Matched,
    #[c(Value<ComponentName>, sample = "WWWURL_URLPATTERN_PATHNAME")]
    component: wwwurl_urlpattern_component,
    #[c(Value<usize>)] i: usize,
) -> Option<Borrowed> {
    r.at(r.group(component, i)?.name)
}

/// The value of group `i` of a component in a result: the part of the
/// component's input it matched.
///
/// Parameters: as for `wwwurl_urlpattern_result_group_name`.
///
/// Returns the NUL-terminated value (possibly empty); NULL for a group that
/// did not take part in the match (an optional group left out:
/// JavaScript's `undefined`), and when `r` is NULL, `component` is unknown
/// or `i` is the count or more.
///
/// Memory and lifetimes: borrowed from the result, valid until it is
/// freed. Allocates nothing.
#[export(Borrowed)]
fn wwwurl_urlpattern_result_group_value(
    #[c(Ref<MatchH>)] r: &Matched,
    #[c(Value<ComponentName>, sample = "WWWURL_URLPATTERN_PATHNAME")]
    component: wwwurl_urlpattern_component,
    #[c(Value<usize>)] i: usize,
) -> Option<Borrowed> {
    r.at(r.group(component, i)?.value?)
}

/// Finds a group of a component in a result by its name: the index that
/// `wwwurl_urlpattern_result_group_value` takes.
///
/// Parameters: `r`, a result; `component`, a `WWWURL_URLPATTERN_*` value;
/// `name`/`name_len` (`name_len` may be `WWWURL_NUL_TERMINATED`); `index`
/// receives the group's index.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_FOUND` when the component has no
/// group of that name; `WWWURL_ERR_INVALID_ARGUMENT` for an unknown
/// component; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`. `*index` is written
/// only on success. Allocates nothing.
#[export(Status memory(0))]
fn wwwurl_urlpattern_result_group_index(
    #[c(Ref<MatchH>)] r: &Matched,
    #[c(ComponentArg, sample = "WWWURL_URLPATTERN_PATHNAME")] component: usize,
    #[c(In, len = name_len, sample = "first")] name: &[u8],
    #[c(InOut<usize>)] index: &mut usize,
) -> Result<(), wwwurl_status> {
    let groups = r.groups_of(component).ok_or(WWWURL_ERR_INVALID_ARGUMENT)?;
    *index = groups
        .iter()
        .position(|g| {
            r.text.get(g.name.0..g.name.1).and_then(<[u8]>::split_last) == Some((&0, name))
        })
        .ok_or(WWWURL_ERR_NOT_FOUND)?;
    Ok(())
}

/// Releases a result of `wwwurl_urlpattern_exec`. NULL is fine; the same
/// result must not be freed twice.
#[export(Release)]
fn wwwurl_urlpattern_result_free(#[c(Owned<MatchH>)] r: *mut wwwurl_urlpattern_result) {
    // SAFETY: NULL or a result of `wwwurl_urlpattern_exec`, not used again
    // (API contract).
    unsafe { Owned::<MatchH>::release(r) }
}

#[cfg(test)]
mod tests {
    use super::super::urlpattern::WWWURL_URLPATTERN_PATHNAME;
    use super::*;
    use wwwurl_core::urlpattern::{PatternOptions, UrlPattern};

    #[test]
    fn a_result_holds_its_strings_with_their_nuls() {
        let p = UrlPattern::parse(
            "https://e.example/:a{/:b}?/*",
            None,
            PatternOptions::default(),
        )
        .unwrap();
        let m = p
            .exec(Input::Str("https://e.example/x/y?q"), None)
            .unwrap()
            .unwrap();
        let r = Matched::new(&m).unwrap();
        let bytes = |b: Option<Borrowed>| {
            let mut n = 0;
            let p = super::super::api::borrowed_out(b, &mut n);
            assert!(!p.is_null());
            // SAFETY: a string of `r`, which lives, of `n` bytes and its NUL.
            unsafe { std::slice::from_raw_parts(p.cast::<u8>(), n + 1) }
        };
        let c = WWWURL_URLPATTERN_PATHNAME;
        assert_eq!(bytes(r.at(r.inputs[c as usize])), b"/x/y\0");
        assert_eq!(r.groups_of(c as usize).map(<[Group]>::len), Some(3));
        assert_eq!(bytes(r.at(r.group(c, 0).unwrap().name)), b"a\0");
        assert_eq!(bytes(r.at(r.group(c, 0).unwrap().value.unwrap())), b"x\0");
        assert!(r.group(c, 1).unwrap().value.is_none());
        assert_eq!(bytes(r.at(r.group(c, 2).unwrap().value.unwrap())), b"y\0");
        assert!(r.group(c, 3).is_none() && r.group(8, 0).is_none());
        assert_eq!(bytes(r.at(r.inputs[6])), b"q\0");
    }
}
