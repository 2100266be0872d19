/// The documentation of the `_buf` twin of the text function `$name`, a
/// paragraph at a time (the same for every twin, so written once).
macro_rules! buf_doc {
    (0, $name:ident) => {
        concat!(" `", stringify!($name), "` into the caller's buffer.")
    };
    (1, $name:ident) => {
        concat!(
            " Parameters: as for `",
            stringify!($name),
            "`, then `buf` and `cap`, the caller's buffer (`buf` may be NULL when `cap` \
             is 0, to ask for the size); `needed`, where the size the result needs, \
             terminating NUL included, is stored (may be NULL)."
        )
    };
    (2, $name:ident) => {
        concat!(
            " Returns `WWWURL_OK` (the buffer holds the NUL-terminated result); \
             `WWWURL_ERR_BUFFER_TOO_SMALL` (`*needed` is exact; the buffer's content is \
             unspecified; no byte at or after `buf[cap]` is written); the errors of `",
            stringify!($name),
            "` (then `*needed` is not written). Allocates nothing the caller must free."
        )
    };
}
pub(crate) use buf_doc;

/// The second C argument of a kind, or 0 for kinds that have none.
macro_rules! len_of {
    () => {
        0
    };
    ($len:ident) => {
        $len
    };
}
pub(crate) use len_of;

/// The [`Arg`](super::Arg) of a declared argument.
macro_rules! arg_of {
    ($name:ident, [$($len:ident)?], $kind:ty, [$($sample:literal)?]) => {
        $crate::ffi::api::Arg {
            name: stringify!($name),
            len: concat!($(stringify!($len))?),
            kind: <$kind as $crate::ffi::api::CArg>::KIND,
            sample: concat!($($sample)?),
        }
    };
}
pub(crate) use arg_of;

/// Declares exported C functions and their [`Decl`](super::Decl)s, listed in `$list`.
///
/// ```text
/// declare! { DECLS:
///     /// Documentation.
///     fn NAME(arg: Kind, s/len: In = "sample input", ...) -> Status { |arg, s| core call }
///     /// Documentation of the malloc form.
///     fn NAME / NAME_buf(s/len: In) -> Text { |s| core call giving a Buf }
///     /// A new handle; a struct into `*out`.
///     fn NAME(cfg: Cfg, s/len: In) -> New<H> { |cfg, s| what H makes one from }
///     fn NAME(s/len: In, pos: InOut<usize>) -> Put<T> { |s, pos| Ok(the struct) }
///     /// A string borrowed from a handle (a body that cannot panic).
///     fn NAME(h: Ref<H>, part: Value<P>) -> Borrowed { |h, part| Some(Borrowed) }
///     /// A number, -1 on every error (`ReadNumber`: a body that cannot panic).
///     fn NAME(s/len: In) -> Number<c_int>(-1) { |s| Some(number) }
///     /// A static string, FALLBACK if the body panicked.
///     fn NAME(n: Value<u32>) -> Static(FALLBACK) { |n| "text\0" }
///     /// Into the caller's buffer; a new string with its length (status, or
///     /// the string itself, NULL on every error).
///     fn NAME(h: Ref<H>) -> Buffer { |h, sink: &mut CallerBuf| write into sink }
///     /// A memory bound (bytes per byte of a string argument; required
///     /// when it takes one), `memory(N / M)` for a text function whose
///     /// `_buf` twin's is `M`.
///     fn NAME / NAME_buf(s/len: In) -> Text memory(3 / 2) { |s| ... }
///     /// The same, C's call going first to SHORT (by hand, the C arguments
///     /// as they came), which calls FULL, the declared body, for the rest.
///     fn NAME(s/len: In) -> Buffer short(SHORT => FULL) { |s, sink| ... }
///     fn NAME(h: Ref<H>) -> TextLen { |h| a CBuf }
///     fn NAME(s/len: In) -> NewText { |s| Some(a CBuf) }
///     /// A release (of a handle, or of a string: `OwnedText`).
///     fn NAME(h: Owned<H>) -> Release;
/// }
/// ```
///
/// Every form converts its arguments in one place, `@take`: in their
/// order, each error (NULL, too long) returned with `?` from the closure
/// around it. Each piece of a generated function is written once: `@each`
/// reads a declaration (its function(s) and its [`Decl`](super::Decl)s), `@kind` says
/// what a kind of result adds (its C parameters and return type, what is
/// checked before the body, what is done with its value), and `@status`,
/// `@value` and `@extern` write the function around that.
macro_rules! declare {
    ($list:ident: $($item:tt)*) => {
        $crate::ffi::api::declare!(@each $list [] $($item)*);
    };

    // ---- the declarations, one at a time ----------------------------------
    (@each $list:ident [$($done:expr,)*]) => {
        /// The functions this module declares (see `ffi::api`).
        pub(crate) const $list: &[$crate::ffi::api::Decl] = &[$($done,)*];
    };
    // A release has no body: it reads as one with an empty body.
    (@each $list:ident [$($done:expr,)*]
        $(#[doc = $doc:literal])*
        fn $name:ident($($args:tt)*) -> Release;
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@each $list [$($done,)*]
            $(#[doc = $doc])* fn $name($($args)*) -> Release {} $($rest)*);
    };
    (@each $list:ident [$($done:expr,)*]
        $(#[doc = $doc:literal])*
        fn $name:ident $(/ $buf_name:ident)?
            ($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?)
            -> $ret:ident $(<$t:ty>)? $(($fallback:expr))?
            $(memory($mem:literal $(/ $mem_buf:literal)?))?
            $(short($short:ident => $full:ident))? $body:block
        $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@kind [$ret $(<$t>)? $(($fallback))? $(short($short => $full))?]
            [$(#[doc = $doc])*]
            $name $(/ $buf_name)? ($($arg $(/ $len)?: $kind),*) [$($arg),*] $body);
        $crate::ffi::api::declare!(@each $list [$($done,)*] @entry $name [$($buf_name)?]
            [$($doc),*] $crate::ffi::api::declare!(@ret $ret $(<$t>)? $(($fallback))?),
            $crate::ffi::api::declare!(@bound [$($mem)?]),
            $crate::ffi::api::declare!(@bound [$($($mem_buf)? $mem)?]),
            [$($crate::ffi::api::arg_of!($arg, [$($len)?], $kind, [$($sample)?])),*]
            $($rest)*);
    };
    // The entry of a declaration and that of its `_buf` twin, if any (with
    // the arguments as one group, which the twin's repeats).
    (@each $list:ident [$($done:expr,)*]
        @entry $name:ident [$($buf_name:ident)?] $doc:tt $ret:expr, $mem:expr, $mem_buf:expr,
        $args:tt $($rest:tt)*
    ) => {
        $crate::ffi::api::declare!(@each $list [$($done,)* $crate::ffi::api::Decl {
            name: stringify!($name),
            doc: &$doc,
            args: &$args,
            ret: $ret,
            memory: $mem,
        }, $($crate::ffi::api::Decl {
            name: stringify!($buf_name),
            doc: &[
                $crate::ffi::api::buf_doc!(0, $name),
                "",
                $crate::ffi::api::buf_doc!(1, $name),
                "",
                $crate::ffi::api::buf_doc!(2, $name),
            ],
            args: &$args,
            ret: $crate::ffi::api::RetKind::TextBuf,
            memory: $mem_buf,
        },)?] $($rest)*);
    };
    // A memory bound, if declared: `memory(N)`, or `memory(N / M)` for a
    // text function whose `_buf` twin's is `M` (the twin's is the first
    // literal of `[M N]`).
    (@bound []) => { None };
    (@bound [$mem:literal $($other:literal)?]) => { Some($mem) };

    // ---- the list's entry ---------------------------------------------
    (@ret Status) => { $crate::ffi::api::RetKind::Status };
    (@ret Text) => { $crate::ffi::api::RetKind::Text };
    (@ret Borrowed) => { $crate::ffi::api::RetKind::Borrowed };
    (@ret New<$h:ty>) => {
        $crate::ffi::api::RetKind::New(<$h as $crate::ffi::api::HandleType>::KIND)
    };
    (@ret Static($fallback:expr)) => { $crate::ffi::api::RetKind::Static };
    // The same C arguments and test rows as a `_buf` twin's.
    (@ret Buffer) => { $crate::ffi::api::RetKind::TextBuf };
    (@ret TextLen) => { $crate::ffi::api::RetKind::TextLen };
    (@ret NewText) => { $crate::ffi::api::RetKind::NewText };
    (@ret Release) => { $crate::ffi::api::RetKind::Release };
    (@ret Put<$t:ty>) => {
        $crate::ffi::api::RetKind::Put(<$t as $crate::ffi::api::CStruct>::C_NAME)
    };
    (@ret Number<$t:ty>($fallback:expr)) => {
        $crate::ffi::api::declare!(@number_ret $t, $fallback, true)
    };
    (@ret ReadNumber<$t:ty>($fallback:expr)) => {
        $crate::ffi::api::declare!(@number_ret $t, $fallback, false)
    };
    (@number_ret $t:ty, $fallback:expr, $unwinds:literal) => {
        $crate::ffi::api::RetKind::Number {
            ty: <$t as $crate::ffi::api::CName>::C_NAME,
            fallback: stringify!($fallback),
            unwinds: $unwinds,
        }
    };

    // ---- the functions ------------------------------------------------
    // What each kind of result adds. `@status [linkage] [C parameters] f =
    // body; [before the body] after it` for a status (the linkage: exported
    // as `#[no_mangle] pub`, or the out-of-line body of a short path); `@value [C parameters] ->
    // C type; [before] guard(args) |r: T| f = body; the body's Result<T>;
    // the C result from r` for the others.
    (@kind [Status] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args [] f = $body; []
            Ok($crate::ffi::api::IntoStatus::into_status(f($($a),*)?)));
    };
    (@kind [New<$h:ty>] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args
            [out: *mut *mut <$h as $crate::ffi::api::HandleType>::C,] f = $body;
            [let out = $crate::ffi::alloc::Out::new(out)?;]
            <$h as $crate::ffi::api::NewHandle<_>>::hand_over(out, f($($a),*)?)?;
            Ok($crate::ffi::status::wwwurl_status::WWWURL_OK));
    };
    (@kind [Put<$t:ty>] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args [out: *mut $t,] f = $body;
            [let out = $crate::ffi::alloc::Out::new(out)?;]
            out.set(f($($a),*)?);
            Ok($crate::ffi::status::wwwurl_status::WWWURL_OK));
    };
    (@kind [Buffer] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@buffer [#[no_mangle] pub] $doc $name $args [$($a),*] $body);
    };
    // With a short path: the exported function is `$short`, written by
    // hand with the C arguments as they came, which calls `$full`, the
    // declared body, for every call it does not take itself. `$full` is
    // out of line and `extern "C"`, so that the short path keeps the
    // arguments in their registers and reaches it by a jump.
    (@kind [Buffer short($short:ident => $full:ident)] $doc:tt $name:ident
        ($($arg:ident $(/ $len:ident)?: $kind:ty),*) [$($a:ident),*] $body:block
    ) => {
        $crate::ffi::api::declare!(@extern [#[no_mangle] pub] $doc $name
            ($($arg $(/ $len)?: $kind),*)
            [buf: *mut libc::c_char, cap: libc::size_t, needed: *mut libc::size_t,]
            -> $crate::ffi::status::wwwurl_status {
            $short($($arg, $($len,)?)* buf, cap, needed)
        });
        $crate::ffi::api::declare!(@buffer [#[inline(never)]]
            [#[doc = concat!(" `", stringify!($name), "` for every call its short path does not take.")]]
            $full ($($arg $(/ $len)?: $kind),*) [$($a),*] $body);
    };
    (@buffer $link:tt $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status $link $doc $name $args
            [buf: *mut libc::c_char, cap: libc::size_t, needed: *mut libc::size_t,] f = $body;
            [
                let buf = $crate::ffi::api::text_buffer(buf, cap)?;
                let mut sink = $crate::ffi::api::CallerBuf::new(buf);
            ]
            f($($a,)* &mut sink)?;
            match $crate::ffi::api::finish_buf(sink, needed) {
                Ok(()) => Ok($crate::ffi::status::wwwurl_status::WWWURL_OK),
                Err(e) => Ok(e),
            });
    };
    (@kind [TextLen] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args
            [out: *mut *mut libc::c_char, out_len: *mut libc::size_t,] f = $body;
            [let out = $crate::ffi::alloc::Out::new(out)?;]
            $crate::ffi::api::text_len_out(out, out_len, f($($a),*)?)?;
            Ok($crate::ffi::status::wwwurl_status::WWWURL_OK));
    };
    (@kind [Text] $doc:tt $name:ident / $buf_name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args [out: *mut *mut libc::c_char,] f = $body;
            [
                if out.is_null() {
                    return Err($crate::ffi::status::wwwurl_status::WWWURL_ERR_NULL);
                }
            ]
            $crate::ffi::api::text_out(out, f($($a),*)?)?;
            Ok($crate::ffi::status::wwwurl_status::WWWURL_OK));
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] [
                #[doc = $crate::ffi::api::buf_doc!(0, $name)]
                #[doc = ""]
                #[doc = $crate::ffi::api::buf_doc!(1, $name)]
                #[doc = ""]
                #[doc = $crate::ffi::api::buf_doc!(2, $name)]
            ] $buf_name $args
            [buf: *mut libc::c_char, cap: libc::size_t, needed: *mut libc::size_t,] f = $body;
            [let buf = $crate::ffi::api::text_buffer(buf, cap)?;]
            match $crate::ffi::api::text_buf(buf, needed, f($($a),*)?) {
                Ok(()) => Ok($crate::ffi::status::wwwurl_status::WWWURL_OK),
                Err(e) => Ok(e),
            });
    };
    // Reads of a handle, nothing that can panic (see `guard_no_unwind`).
    (@kind [Borrowed] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@value $doc $name $args [len: *mut libc::size_t,]
            -> *const libc::c_char; [] guard_no_unwind(std::ptr::null()) |r: _| f = $body;
            Ok(f($($a),*));
            $crate::ffi::api::borrowed_out(r.ok().flatten(), len));
    };
    (@kind [Number<$t:ty>($fallback:expr)] $($decl:tt)*) => {
        $crate::ffi::api::declare!(@number guard_or($fallback) $t; $($decl)*);
    };
    // A read of a handle, nothing that can panic (see `guard_no_unwind`).
    (@kind [ReadNumber<$t:ty>($fallback:expr)] $($decl:tt)*) => {
        $crate::ffi::api::declare!(@number guard_no_unwind($fallback) $t; $($decl)*);
    };
    (@number $guard:ident($fallback:expr) $t:ty;
        $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block
    ) => {
        $crate::ffi::api::declare!(@value $doc $name $args [] -> $t; [] $guard($fallback)
            |r: $t| f = $body;
            $crate::ffi::api::Outcome::value(f($($a),*))
                .ok_or($crate::ffi::status::wwwurl_status::WWWURL_ERR_NULL);
            r.unwrap_or($fallback));
    };
    (@kind [Static($fallback:expr)] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@value $doc $name $args [] -> *const libc::c_char;
            [let fallback = $crate::ffi::api::StaticText::ptr($fallback);] guard_or(fallback)
            |r: *const libc::c_char| f = $body;
            Ok($crate::ffi::api::StaticText::ptr(f($($a),*)));
            r.unwrap_or(fallback));
    };
    (@kind [NewText] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@value $doc $name $args [out_len: *mut libc::size_t,]
            -> *mut libc::c_char; [] guard() |r: _| f = $body;
            Ok($crate::ffi::api::Outcome::value(f($($a),*)));
            $crate::ffi::api::new_text_out(r.ok().flatten(), out_len));
    };
    (@kind [Release] $doc:tt $name:ident ($($arg:ident: $kind:ty),*) $call:tt $body:block) => {
        $crate::ffi::api::declare!(@extern [#[no_mangle] pub] $doc $name ($($arg: $kind),*) [] {
            // Dropping what the handle holds and freeing its memory:
            // nothing that can panic (see `guard_no_unwind`).
            $crate::ffi::guard::guard_no_unwind((), || {
                // SAFETY: each handle is NULL or a live one of its type,
                // not used again (API contract).
                $(unsafe { <$kind>::release($arg) };)*
            })
        });
    };

    // A function whose result is a status: every error returned with `?`.
    (@status $link:tt $doc:tt $name:ident $args:tt [$($extra:tt)*] $f:ident = $body:block;
        [$($before:tt)*] $($after:tt)*
    ) => {
        $crate::ffi::api::declare!(@extern $link $doc $name $args [$($extra)*]
            -> $crate::ffi::status::wwwurl_status {
            $crate::ffi::guard::guard_status(|| {
                let mut cx = $crate::ffi::api::Cx::default();
                $crate::ffi::api::declare!(@take cx; $args);
                $($before)*
                let $f = $body;
                $($after)*
            })
        });
    };
    // A function whose result is a value, with one for the errors.
    (@value $doc:tt $name:ident $args:tt [$($extra:tt)*] -> $ret:ty; [$($before:tt)*]
        $guard:ident($($guard_arg:expr)?) |$r:ident: $t:ty| $f:ident = $body:block;
        $value:expr; $result:expr
    ) => {
        $crate::ffi::api::declare!(@extern [#[no_mangle] pub] $doc $name $args [$($extra)*] -> $ret {
            $($before)*
            $crate::ffi::guard::$guard($($guard_arg,)? || {
                let mut cx = $crate::ffi::api::Cx::default();
                // One `Result` for every way to the fallback, so that the
                // value is tested once.
                let $r = $crate::ffi::api::attempt(|| -> Result<$t, $crate::ffi::status::wwwurl_status> {
                    $crate::ffi::api::declare!(@take cx; $args);
                    let $f = $body;
                    $value
                });
                $result
            })
        });
    };
    // The exported function: the declared arguments, then the result's.
    (@extern [$($link:tt)*] [$($doc:tt)*] $name:ident ($($arg:ident $(/ $len:ident)?: $kind:ty),*)
        [$($extra:tt)*] $(-> $ret:ty)? { $($body:tt)* }
    ) => {
        $($doc)*
        $($link)* extern "C" fn $name(
            $($arg: <$kind as $crate::ffi::api::CArg>::C, $($len: libc::size_t,)?)*
            $($extra)*
        ) $(-> $ret)? {
            $($body)*
        }
    };

    // ---- the arguments, in their order ------------------------------------
    (@take $cx:ident; ($($arg:ident $(/ $len:ident)?: $kind:ty),*)) => {
        $(let $arg = <$kind as $crate::ffi::api::CArg>::take(
            $arg, $crate::ffi::api::len_of!($($len)?), &mut $cx)?;)*
        let _ = &mut $cx;
    };
}
pub(crate) use declare;
