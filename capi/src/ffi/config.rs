//! Per-call settings: the `wwwurl_config` object of the modern API.
//!
//! A config is made, changed, then shared: the first call that reads it
//! freezes it (an atomic state, `MUTABLE` to `FROZEN`, never back), so that
//! any number of threads may read it at once while nothing can change under
//! them. A setter on a frozen config is refused with
//! `WWWURL_ERR_CONFIG_IN_USE`, and so is a call that reads a config while a
//! setter of another thread is changing it; `wwwurl_config_dup` gives a
//! changeable copy. Handles keep the config they were made with (counted
//! references), since `wwwurl_set` rebuilds them with its default ports.
//!
//! A setter changes the config, and the first reader freezes it, under a
//! pthread mutex of the config's own, taken with `trylock` so that neither
//! ever waits: busy means another thread is changing or freezing it. The
//! mutex is what orders a setter's writes before the reads of the thread
//! that freezes the config, where an atomic exchange would do the same
//! for the processor: valgrind's helgrind and DRD understand only the
//! pthread primitives, and reported every field that a setter wrote and a
//! first reader then read as a data race. Readers of a frozen config load
//! the state alone.

use super::alloc::{c_malloc, free, input, within, Out};
use super::api::{
    checked_value, export, ArgKind, CArg, Cx, Decl, HandleKind, HandleType, NewHandle, Owned, Value,
};
use super::status::*;
use super::types::*;
use libc::{c_char, c_int, size_t};
use std::cell::UnsafeCell;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use wwwurl_core::bytes::buf::{try_push, try_with_capacity, Buf, NoMemory};
use wwwurl_core::wwwoffle::config::{
    builtin_default_port, Compat, Config, ConfigError, Env, DEFAULT_LOCAL_HOST,
};

/// A setter may change the config.
const MUTABLE: u8 = 0;
/// A call has read it: it never changes again.
const FROZEN: u8 = 2;

/// What a `wwwurl_config *` points at: one `malloc` block.
pub(crate) struct ConfigBlock {
    /// The config's own reference and one per handle made with it.
    refs: AtomicUsize,
    /// Written under `lock` only; read without it by the readers of a
    /// frozen config.
    state: AtomicU8,
    /// Held by a setter for its whole change, and by the reader that
    /// freezes the config. Statically initialised; the block never moves.
    lock: UnsafeCell<libc::pthread_mutex_t>,
    compat: Compat,
    max_input: usize,
    env: Config,
    /// The `cachekey` profile's parameters to strip: names, then prefixes.
    strip: [Vec<Buf>; 2],
}

/// The compat mode of a NULL config: the variant this library was built as
/// (`libwwwurl` 2.9, `libwwwurl-29h` 2.9h), so that a program chooses the
/// behaviour by its link line alone.
pub(crate) const DEFAULT_COMPAT: Compat = if cfg!(feature = "v29h") {
    Compat::V29h
} else {
    Compat::V29
};

/// The settings a call runs with: a frozen config, or the defaults for NULL.
#[derive(Clone, Copy)]
pub(crate) struct Settings<'a>(Option<&'a ConfigBlock>);

impl<'a> Settings<'a> {
    /// The settings of `cfg` (NULL: the defaults), freezing it on its first
    /// read; `WWWURL_ERR_CONFIG_IN_USE` while another thread's setter is
    /// changing it.
    #[inline]
    pub(crate) fn of(cfg: *const wwwurl_config) -> Result<Settings<'a>, wwwurl_status> {
        let Some(block) = block(cfg) else {
            return Ok(Settings(None));
        };
        // Frozen configs, the usual case, cost one load.
        if block.state.load(Ordering::Acquire) != FROZEN {
            let _locked = Locked::take(block.lock.get()).ok_or(WWWURL_ERR_CONFIG_IN_USE)?;
            block.state.store(FROZEN, Ordering::Release);
        }
        Ok(Settings(Some(block)))
    }

    /// The compat mode.
    #[inline]
    pub(crate) fn compat(self) -> Compat {
        self.0.map_or(DEFAULT_COMPAT, |b| b.compat)
    }

    /// The longest input accepted.
    #[inline]
    pub(crate) fn max_input(self) -> usize {
        self.0.map_or(WWWURL_DEFAULT_MAX_INPUT, |b| b.max_input)
    }

    /// The decoded names (`prefixes` false) or name prefixes (true) of the
    /// query parameters the `cachekey` profile strips.
    pub(crate) fn strip_list(self, prefixes: bool) -> &'a [Buf] {
        self.0.map_or(&[], |b| &b.strip[usize::from(prefixes)])
    }

    /// A counted reference for a handle to keep: NULL for the defaults.
    #[inline(always)]
    pub(crate) fn retain(self) -> *const ConfigBlock {
        match self.0 {
            Some(b) => {
                b.refs.fetch_add(1, Ordering::Relaxed);
                b
            }
            None => std::ptr::null(),
        }
    }

    /// The settings a handle keeps (see [`Settings::retain`]).
    pub(crate) fn kept(p: *const ConfigBlock) -> Settings<'a> {
        // SAFETY: a non-NULL `p` is a reference that a live handle holds,
        // so the block outlives the handle's use of it.
        Settings(unsafe { p.as_ref() })
    }
}

impl Env for Settings<'_> {
    fn local_host(&self, out: &mut Buf) -> Result<(), NoMemory> {
        match self.0 {
            Some(b) => b.env.local_host(out),
            None => out.extend_from_slice(DEFAULT_LOCAL_HOST),
        }
    }
    fn default_port(&self, proto: &[u8]) -> Result<i32, NoMemory> {
        Ok(match self.0 {
            Some(b) => b.env.port_of(proto),
            None => builtin_default_port(proto),
        })
    }
}

/// Releases one reference of a config block, the block with the last.
/// Handles of the defaults hold none: their release is one test.
#[inline(always)]
pub(crate) fn release(p: *const ConfigBlock) {
    if !p.is_null() {
        release_block(p);
    }
}

/// Out of line, so that the release of a handle of the defaults stays one
/// test; `extern "C"`, which cannot unwind, so that the bodies of
/// `wwwurl_free` and `wwwurl_config_free` stay ones that cannot either
/// (see `guard_no_unwind`): nothing here panics (atomics, the drop of the
/// config's buffers, `free`).
#[inline(never)]
extern "C" fn release_block(p: *const ConfigBlock) {
    // SAFETY: a non-NULL `p` is a reference its holder gives up here.
    let Some(b) = (unsafe { p.as_ref() }) else {
        return;
    };
    if b.refs.fetch_sub(1, Ordering::AcqRel) == 1 {
        let p = p.cast_mut();
        // SAFETY: the last reference: no one else reads the block. Its
        // fields are dropped (the config's buffers), then its memory freed.
        unsafe { std::ptr::drop_in_place(p) };
        free(p);
    }
}

fn block<'a>(cfg: *const wwwurl_config) -> Option<&'a ConfigBlock> {
    // SAFETY: a non-NULL config was made by `wwwurl_config_new` (or
    // `_dup`) and not yet freed (API contract).
    NonNull::new(cfg.cast_mut()).map(|p| unsafe { &*p.as_ptr().cast::<ConfigBlock>() })
}

/// A new block holding `env`, `compat`, `max_input` and `strip`, or NULL
/// when memory ran out.
fn new_block(
    env: Config,
    compat: Compat,
    max_input: usize,
    strip: [Vec<Buf>; 2],
) -> *mut ConfigBlock {
    let p = c_malloc(std::mem::size_of::<ConfigBlock>()).cast::<ConfigBlock>();
    if !p.is_null() {
        // SAFETY: a fresh block of the right size (malloc aligns it for
        // every fundamental type), written whole.
        unsafe {
            p.write(ConfigBlock {
                refs: AtomicUsize::new(1),
                state: AtomicU8::new(MUTABLE),
                lock: UnsafeCell::new(libc::PTHREAD_MUTEX_INITIALIZER),
                compat,
                max_input,
                env,
                strip,
            })
        };
    }
    p
}

/// A copy of a list of names, or `WWWURL_ERR_NO_MEMORY`.
fn copy_list(list: &[Buf]) -> Result<Vec<Buf>, wwwurl_status> {
    let mut v = try_with_capacity(list.len())?;
    for n in list {
        try_push(&mut v, n.try_clone()?)?;
    }
    Ok(v)
}

/// A config's mutex, held by this thread until dropped (on unwinding too).
struct Locked(*mut libc::pthread_mutex_t);

impl Locked {
    /// The mutex `lock` of a live config, or `None` when another thread
    /// holds it.
    fn take(lock: *mut libc::pthread_mutex_t) -> Option<Locked> {
        // SAFETY: a config's mutex, statically initialised and never moved
        // (the block stays where it was allocated); the `Locked` made here
        // unlocks it. One is made only when the lock was taken: a `Locked`
        // made and dropped on failure would unlock another thread's hold.
        if unsafe { libc::pthread_mutex_trylock(lock) } == 0 {
            Some(Locked(lock))
        } else {
            None
        }
    }
}

impl Drop for Locked {
    fn drop(&mut self) {
        // SAFETY: locked by this thread in `take`; the config lives on, for
        // its holder is in the middle of a call that uses it.
        unsafe { libc::pthread_mutex_unlock(self.0) };
    }
}

/// Runs a change on a config that is still changeable.
fn change(
    cfg: *mut wwwurl_config,
    f: impl FnOnce(&mut ConfigBlock) -> Result<(), wwwurl_status>,
) -> Result<wwwurl_status, wwwurl_status> {
    let p = NonNull::new(cfg).ok_or(WWWURL_ERR_NULL)?;
    let p = p.as_ptr().cast::<ConfigBlock>();
    // SAFETY: a live config (API contract); only its mutex and its atomic
    // state are reached before this thread owns the change, and neither
    // reference is used after the block is borrowed whole below.
    let (lock, state) = unsafe { ((*p).lock.get(), &(*p).state) };
    let locked = Locked::take(lock).ok_or(WWWURL_ERR_CONFIG_IN_USE)?;
    if state.load(Ordering::Relaxed) == FROZEN {
        return Err(WWWURL_ERR_CONFIG_IN_USE);
    }
    // SAFETY: the mutex makes this thread the only one that touches the
    // block's other fields until `locked` is dropped: other setters, and
    // readers (which read the fields only once the state is FROZEN, and
    // only a holder of the mutex writes that), find it taken and back off.
    // The mutex and the atomics are not written through this reference.
    let r = f(unsafe { &mut *p });
    drop(locked);
    r?;
    Ok(WWWURL_OK)
}

fn refused(e: ConfigError) -> wwwurl_status {
    match e {
        ConfigError::NoMemory => WWWURL_ERR_NO_MEMORY,
        _ => WWWURL_ERR_INVALID_ARGUMENT,
    }
}

/// The compat mode a `wwwurl_compat` names.
pub(crate) fn compat_of(mode: wwwurl_compat) -> Option<Compat> {
    match mode {
        WWWURL_COMPAT_29 => Some(Compat::V29),
        WWWURL_COMPAT_29H => Some(Compat::V29h),
        _ => None,
    }
}

/// The legacy API's view of a config: its host, ports and mode, to copy
/// into the process-wide settings (`wwwurl_legacy_configure`).
pub(crate) fn for_legacy(cfg: *const wwwurl_config) -> Result<(Config, Compat), wwwurl_status> {
    let s = Settings::of(cfg)?;
    let env = match s.0 {
        Some(b) => b.env.try_clone().map_err(|NoMemory| WWWURL_ERR_NO_MEMORY)?,
        None => Config::default(),
    };
    Ok((env, s.compat()))
}

/// `wwwurl_config` in declarations: a block made by `new_block` (NULL when
/// memory ran out), released one reference at a time.
pub(crate) struct ConfigH;
impl HandleType for ConfigH {
    type C = wwwurl_config;
    type Inner = ConfigBlock;
    const KIND: HandleKind = HandleKind {
        ty: "wwwurl_config",
        make: "wwwurl_config_new(&h)",
        free: "wwwurl_config_free",
        c_heap: true,
    };

    /// As `wwwurl_free`: a release, whose body cannot panic.
    #[inline]
    unsafe fn release(cfg: *mut wwwurl_config) {
        release(cfg.cast_const().cast())
    }
}

impl NewHandle<*mut ConfigBlock> for ConfigH {
    #[inline]
    fn hand_over(out: Out<*mut wwwurl_config>, p: *mut ConfigBlock) -> Result<(), wwwurl_status> {
        super::api::hand_over_block(out, p)
    }
}

/// The config a setter changes: `struct wwwurl_config *`. NULL is refused
/// by [`change`] (`WWWURL_ERR_NULL`), after the checks of the other
/// arguments, which are the setter's own.
pub(crate) struct Changing;
impl CArg for Changing {
    type C = *mut wwwurl_config;
    type Rust<'a> = *mut wwwurl_config;
    const KIND: ArgKind = ArgKind::Handle(ConfigH::KIND, true);
    #[inline(always)]
    fn take<'a>(
        c: *mut wwwurl_config,
        _: usize,
        _: &mut Cx,
    ) -> Result<Self::Rust<'a>, wwwurl_status> {
        Ok(c)
    }
}

/// Bytes a setter copies into a config: `const char *`, `size_t`, as
/// [`In`](super::api::In), but checked against the input limit of the
/// config it changes, which only the setter may read (under the config's
/// mutex): a [`Setting`], turned into bytes by [`Setting::within`].
pub(crate) struct SettingIn;
impl CArg for SettingIn {
    type C = *const c_char;
    type Rust<'a> = Setting<'a>;
    const KIND: ArgKind = ArgKind::In;
    #[inline]
    fn take<'a>(c: *const c_char, len: usize, _: &mut Cx) -> Result<Setting<'a>, wwwurl_status> {
        if len == usize::MAX {
            // `WWWURL_NUL_TERMINATED`: a C string, read up to its NUL as its
            // contract allows.
            return input(c, len).map(Setting::Read).ok_or(WWWURL_ERR_NULL);
        }
        if c.is_null() && len != 0 {
            return Err(WWWURL_ERR_NULL);
        }
        Ok(Setting::Unread(c, len, std::marker::PhantomData))
    }
}

/// A setter's bytes: a C string already read, or a pointer and a length
/// not yet checked, which nothing may read before [`Setting::within`]:
/// the length may be larger than the buffer behind the pointer.
#[derive(Clone, Copy)]
pub(crate) enum Setting<'a> {
    Read(&'a [u8]),
    Unread(*const c_char, usize, std::marker::PhantomData<&'a [u8]>),
}

impl<'a> Setting<'a> {
    /// The bytes when there are at most `max` of them, else
    /// `WWWURL_ERR_TOO_LONG` without a byte read.
    fn within(self, max: usize) -> Result<&'a [u8], wwwurl_status> {
        match self {
            Setting::Read(s) => within(s, max),
            Setting::Unread(_, len, _) if len > max => Err(WWWURL_ERR_TOO_LONG),
            // Not NULL unless `len` is 0 (checked in `take`), which `input`
            // reads as the empty input.
            Setting::Unread(p, len, _) => input(p, len).ok_or(WWWURL_ERR_NULL),
        }
    }
}

checked_value! {
    /// A `wwwurl_compat` that names a mode.
    CompatMode: wwwurl_compat = "wwwurl_compat" => Compat, compat_of
}

checked_value! {
    /// An input limit other than 0.
    MaxInput: size_t = "size_t" => usize, |n: size_t| (n != 0).then_some(n)
}

/// Adds `name` to the `cachekey` profile's names (`prefix` false) or
/// prefixes (true) to strip, within the config's own input limit.
fn add_strip(
    cfg: *mut wwwurl_config,
    name: Setting<'_>,
    prefix: bool,
) -> Result<wwwurl_status, wwwurl_status> {
    change(cfg, |b| {
        let name = name.within(b.max_input)?;
        let list = &mut b.strip[usize::from(prefix)];
        let copy = Buf::from_slice(name)?;
        try_push(list, copy)?;
        Ok(())
    })
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_config_new::DECL,
    wwwurl_config_dup::DECL,
    wwwurl_config_free::DECL,
    wwwurl_config_set_local_host::DECL,
    wwwurl_config_set_default_port::DECL,
    wwwurl_config_set_compat::DECL,
    wwwurl_config_set_max_input::DECL,
    wwwurl_config_add_strip_param::DECL,
    wwwurl_config_add_strip_prefix::DECL,
];

/// Makes a configuration holding the defaults of the library in use: local
/// host `localhost:8080`, the default ports http 80, https 443, ftp 21,
/// finger 79, the compat mode of the library (`WWWURL_COMPAT_29` in
/// `libwwwurl`, `WWWURL_COMPAT_29H` in `libwwwurl-29h`) and an input limit of
/// `WWWURL_DEFAULT_MAX_INPUT`. Passing it to a function is the same as
/// passing NULL until a setter changes it.
///
/// A configuration can be changed until the first call that reads it; from
/// then on any number of threads may read it at once, and every setter
/// returns `WWWURL_ERR_CONFIG_IN_USE` (make a changeable copy with
/// `wwwurl_config_dup`). A handle keeps the configuration it was made with
/// alive until the handle is freed.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `out` is NULL;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: release it with `wwwurl_config_free`.
#[export(New<ConfigH>)]
fn wwwurl_config_new() -> Result<*mut ConfigBlock, wwwurl_status> {
    Ok(new_block(
        Config::default(),
        DEFAULT_COMPAT,
        WWWURL_DEFAULT_MAX_INPUT,
        [Vec::new(), Vec::new()],
    ))
}

/// Makes a changeable copy of a configuration (of the defaults when `cfg`
/// is NULL), frozen or not.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `out` is NULL;
/// `WWWURL_ERR_CONFIG_IN_USE` while another thread's setter changes `cfg`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: release the copy with `wwwurl_config_free`.
#[export(New<ConfigH>)]
fn wwwurl_config_dup(#[c(Cfg)] cfg: Settings<'_>) -> Result<*mut ConfigBlock, wwwurl_status> {
    let env = match cfg.0 {
        Some(b) => b.env.try_clone().map_err(|NoMemory| WWWURL_ERR_NO_MEMORY)?,
        None => Config::default(),
    };
    let strip = [
        copy_list(cfg.strip_list(false))?,
        copy_list(cfg.strip_list(true))?,
    ];
    Ok(new_block(env, cfg.compat(), cfg.max_input(), strip))
}

/// Releases a configuration. Handles made with it keep their own
/// reference, so it may be freed while they live. NULL is fine.
#[export(Release)]
fn wwwurl_config_free(#[c(Owned<ConfigH>)] cfg: *mut wwwurl_config) {
    // SAFETY: a config of `wwwurl_config_new` or `_dup`, or NULL, not
    // used again (API contract).
    unsafe { Owned::<ConfigH>::release(cfg) }
}

/// Sets the local `host[:port]` that local URLs (`/path`, or an empty host)
/// get. The default is `localhost:8080`.
///
/// Parameters: `hostport` and `len` (`len` may be `WWWURL_NUL_TERMINATED`),
/// copied.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `cfg` or `hostport` is NULL;
/// `WWWURL_ERR_INVALID_ARGUMENT` when it is empty or contains a control
/// byte, a space, a byte >= 0x7f, `/`, `?`, `#` or `@`;
/// `WWWURL_ERR_CONFIG_IN_USE` once the config has been used;
/// `WWWURL_ERR_TOO_LONG` beyond the config's input limit (unread);
/// `WWWURL_ERR_NO_MEMORY`. Nothing changes unless it returns `WWWURL_OK`.
#[export(Status memory(2))]
fn wwwurl_config_set_local_host(
    #[c(Changing)] cfg: *mut wwwurl_config,
    #[c(SettingIn, len = len, sample = "proxy:3128")] hostport: Setting<'_>,
) -> Result<wwwurl_status, wwwurl_status> {
    change(cfg, |b| {
        b.env
            .set_local_host(hostport.within(b.max_input)?)
            .map_err(refused)
    })
}

/// Sets the default port of a scheme (compared case-insensitively), which
/// parsing removes from the host. `port` 0 removes the scheme's default.
/// The defaults are http 80, https 443, ftp 21, finger 79.
///
/// Parameters: `scheme` and `scheme_len` (`scheme_len` may be
/// `WWWURL_NUL_TERMINATED`); `port`, 0 to 65535.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `cfg` or `scheme` is NULL;
/// `WWWURL_ERR_INVALID_ARGUMENT` when the scheme is empty or has bytes other
/// than letters, digits, `+ - .`, or the port is out of range;
/// `WWWURL_ERR_CONFIG_IN_USE` once the config has been used;
/// `WWWURL_ERR_TOO_LONG` when the scheme is beyond the config's input
/// limit (unread); `WWWURL_ERR_NO_MEMORY`. Nothing changes unless it
/// returns `WWWURL_OK`.
#[export(Status memory(2))]
fn wwwurl_config_set_default_port(
    #[c(Changing)] cfg: *mut wwwurl_config,
    #[c(SettingIn, len = scheme_len, sample = "http")] scheme: Setting<'_>,
    #[c(Value<c_int>, sample = "8080")] port: c_int,
) -> Result<wwwurl_status, wwwurl_status> {
    change(cfg, |b| {
        b.env
            .set_default_port(scheme.within(b.max_input)?, port)
            .map_err(refused)
    })
}

/// Selects the behaviour of WWWOFFLE 2.9 (`WWWURL_COMPAT_29`: the args
/// lose `&amp;`) or 2.9h (`WWWURL_COMPAT_29H`: they keep it) for the
/// functions that make records: `wwwurl_parse`, `wwwurl_create`,
/// `wwwurl_link`, and `wwwurl_set` on the handles they make.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `cfg` is NULL;
/// `WWWURL_ERR_INVALID_ARGUMENT` for another value;
/// `WWWURL_ERR_CONFIG_IN_USE` once the config has been used.
#[export(Status)]
fn wwwurl_config_set_compat(
    #[c(Changing)] cfg: *mut wwwurl_config,
    #[c(CompatMode, sample = "WWWURL_COMPAT_29H")] mode: Compat,
) -> Result<wwwurl_status, wwwurl_status> {
    change(cfg, |b| {
        b.compat = mode;
        Ok(())
    })
}

/// Sets the longest input, in bytes, that the functions taking this
/// config accept; longer input gets `WWWURL_ERR_TOO_LONG`. The default is
/// `WWWURL_DEFAULT_MAX_INPUT` (8 MiB), which is also the limit of the
/// functions that take no config.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `cfg` is NULL;
/// `WWWURL_ERR_INVALID_ARGUMENT` for 0; `WWWURL_ERR_CONFIG_IN_USE` once the
/// config has been used.
#[export(Status)]
fn wwwurl_config_set_max_input(
    #[c(Changing)] cfg: *mut wwwurl_config,
    #[c(MaxInput, sample = "1024")] max: usize,
) -> Result<wwwurl_status, wwwurl_status> {
    change(cfg, |b| {
        b.max_input = max;
        Ok(())
    })
}

/// Adds a query parameter name that the `cachekey` profile strips
/// (`wwwurl_canonicalize` with this config): `gclid`, `fbclid`. Names are
/// compared decoded, as `wwwurl_query_edit` compares them. The list starts
/// empty.
///
/// Parameters: `name` and `len` (`len` may be `WWWURL_NUL_TERMINATED`),
/// copied.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NULL` when `cfg` or `name` is NULL;
/// `WWWURL_ERR_CONFIG_IN_USE` once the config has been used;
/// `WWWURL_ERR_TOO_LONG` beyond the config's input limit (unread);
/// `WWWURL_ERR_NO_MEMORY`. Nothing changes unless it returns `WWWURL_OK`.
#[export(Status memory(2))]
fn wwwurl_config_add_strip_param(
    #[c(Changing)] cfg: *mut wwwurl_config,
    #[c(SettingIn, len = len, sample = "gclid")] name: Setting<'_>,
) -> Result<wwwurl_status, wwwurl_status> {
    add_strip(cfg, name, false)
}

/// Adds a query parameter name prefix that the `cachekey` profile strips:
/// `utm_` strips `utm_source`, `utm_medium`, ... Otherwise as
/// `wwwurl_config_add_strip_param`.
#[export(Status memory(2))]
fn wwwurl_config_add_strip_prefix(
    #[c(Changing)] cfg: *mut wwwurl_config,
    #[c(SettingIn, len = len, sample = "utm_")] prefix: Setting<'_>,
) -> Result<wwwurl_status, wwwurl_status> {
    add_strip(cfg, prefix, true)
}

/// The call's config: it sets the input limit of the arguments after it.
pub(crate) struct Cfg;
impl CArg for Cfg {
    type C = *const wwwurl_config;
    type Rust<'a> = Settings<'a>;
    const KIND: ArgKind = ArgKind::Cfg;
    #[inline]
    fn take<'a>(
        c: *const wwwurl_config,
        _: usize,
        cx: &mut Cx,
    ) -> Result<Settings<'a>, wwwurl_status> {
        let s = Settings::of(c)?;
        cx.max_input = s.max_input();
        Ok(s)
    }
}
