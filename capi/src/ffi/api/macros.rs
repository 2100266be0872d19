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

/// Writes an exported C function and its [`Decl`](super::Decl) from a
/// declaration: the form that `#[export]` hands over
/// (`wwwurl-capi-macros`), the attributed function's body made a closure
/// of its parameters.
///
/// ```text
/// declare! {
///     /// Documentation.
///     fn NAME(s/len: In = "sample input", n: Value<u32>, ...) -> RESULT OPTIONS {
///         |s: &[u8], n: u32| -> TYPE { the body }
///     }
/// }
/// ```
///
/// `RESULT` is one of [`RetKind`](super::RetKind)'s forms: `Status`,
/// `Text`, `TextBuf(TEXT_FUNCTION)` (a `_buf` twin, documented by
/// [`buf_doc!`]), `Buffer` (the body's last parameter is the caller's
/// buffer), `New<H>`, `Put<T>`, `Borrowed`, `Number<T>(FALLBACK)`,
/// `ReadNumber<T>(FALLBACK)`, `Static(FALLBACK)`, `TextLen`, `NewText`,
/// `Release`. `OPTIONS`: `memory(N)`, the memory bound, required of a
/// function that takes a string; `short(SHORT => FULL)` for a `Buffer` or
/// a `Status` whose C call goes first to `SHORT`, written by hand with the C
/// arguments as they came, which calls `FULL`, the declared body, for the
/// calls it does not take itself.
///
/// Besides the function, the declaration makes the module `NAME` holding
/// `DECL`, the [`Decl`](super::Decl) that its module lists in `DECLS`, and
/// two checks at compile time: that `DECLS` lists it once, and that a
/// twin takes the arguments of its text function.
///
/// Every form converts its arguments in one place, `@take`: in their
/// order, each error (NULL, too long) returned with `?` from the closure
/// around it. Each piece of a generated function is written once: `@kind`
/// says what a kind of result adds (its C parameters and return type, what
/// is checked before the body, what is done with its value), and
/// `@status`, `@value` and `@extern` write the function around that;
/// `@decl` writes the `Decl`.
macro_rules! declare {
    // A `_buf` twin: the result of its body, a `Buf`, into the caller's
    // buffer; the documentation every twin has, written from its text
    // function's name.
    (
        fn $name:ident ($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?)
            -> TextBuf($main:ident) $(memory($mem:literal))? $body:block
    ) => {
        $crate::ffi::api::declare!(@kind [TextBuf($main)] [
                #[doc = $crate::ffi::api::buf_doc!(0, $main)]
                #[doc = ""]
                #[doc = $crate::ffi::api::buf_doc!(1, $main)]
                #[doc = ""]
                #[doc = $crate::ffi::api::buf_doc!(2, $main)]
            ] $name ($($arg $(/ $len)?: $kind),*) [$($arg),*] $body);
        $crate::ffi::api::declare!(@decl $name [
                $crate::ffi::api::buf_doc!(0, $main),
                "",
                $crate::ffi::api::buf_doc!(1, $main),
                "",
                $crate::ffi::api::buf_doc!(2, $main),
            ] $crate::ffi::api::RetKind::TextBuf, [$($mem)?],
            [$($crate::ffi::api::arg_of!($arg, [$($len)?], $kind, [$($sample)?])),*]);
        const _: () = assert!(
            $crate::ffi::api::same_args($main::DECL.args, $name::DECL.args),
            concat!("`", stringify!($name), "` does not take the arguments of `",
                stringify!($main), "`"),
        );
    };
    (
        $(#[doc = $doc:literal])*
        fn $name:ident ($($arg:ident $(/ $len:ident)?: $kind:ty $(= $sample:literal)?),* $(,)?)
            -> $ret:ident $(<$t:ty>)? $(($fallback:expr))?
            $(memory($mem:literal))?
            $(short($short:ident => $full:ident))? $body:block
    ) => {
        $crate::ffi::api::declare!(@kind [$ret $(<$t>)? $(($fallback))? $(short($short => $full))?]
            [$(#[doc = $doc])*]
            $name ($($arg $(/ $len)?: $kind),*) [$($arg),*] $body);
        $crate::ffi::api::declare!(@decl $name [$($doc),*]
            $crate::ffi::api::declare!(@ret $ret $(<$t>)? $(($fallback))?), [$($mem)?],
            [$($crate::ffi::api::arg_of!($arg, [$($len)?], $kind, [$($sample)?])),*]);
    };

    // ---- the declaration ------------------------------------------------
    // In a module of the function's name, which the names of the kinds
    // reach through `super::*`; a function is a value and a module is not,
    // so the two names do not meet.
    (@decl $name:ident $doc:tt $ret:expr, [$($mem:literal)?], $args:tt) => {
        #[doc = concat!(" The declaration of `", stringify!($name), "`.")]
        #[allow(unused_imports)]
        pub(crate) mod $name {
            use super::*;
            /// What the header generator reads of the function.
            pub(crate) const DECL: $crate::ffi::api::Decl = $crate::ffi::api::Decl {
                name: stringify!($name),
                doc: &$doc,
                args: &$args,
                ret: $ret,
                memory: $crate::ffi::api::declare!(@bound [$($mem)?]),
            };
        }
        const _: () = assert!(
            $crate::ffi::api::listed_once(DECLS, stringify!($name)),
            concat!("`", stringify!($name), "` is not listed once in its module's DECLS"),
        );
    };
    // A memory bound, if declared.
    (@bound []) => { None };
    (@bound [$mem:literal]) => { Some($mem) };

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
    // A status with a short path, as the `Buffer` one below: the C
    // arguments as they came go to `$short`, which calls `$full` for the
    // calls it does not take itself.
    (@kind [Status short($short:ident => $full:ident)] $doc:tt $name:ident
        ($($arg:ident $(/ $len:ident)?: $kind:ty),*) [$($a:ident),*] $body:block
    ) => {
        $crate::ffi::api::declare!(@extern [#[no_mangle] pub] $doc $name
            ($($arg $(/ $len)?: $kind),*) [] -> $crate::ffi::status::wwwurl_status {
            $short($($arg, $($len,)?)*)
        });
        $crate::ffi::api::declare!(@status [#[inline(never)]]
            [#[doc = concat!(" `", stringify!($name), "` for every call its short path does not take.")]]
            $full ($($arg $(/ $len)?: $kind),*) [] f = $body; []
            Ok($crate::ffi::api::IntoStatus::into_status(f($($a),*)?)));
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
    // The malloc form of a text result.
    (@kind [Text] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args [out: *mut *mut libc::c_char,] f = $body;
            [
                if out.is_null() {
                    return Err($crate::ffi::status::wwwurl_status::WWWURL_ERR_NULL);
                }
            ]
            $crate::ffi::api::text_out(out, f($($a),*)?)?;
            Ok($crate::ffi::status::wwwurl_status::WWWURL_OK));
    };
    // Its `_buf` twin.
    (@kind [TextBuf($main:ident)] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@status [#[no_mangle] pub] $doc $name $args
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
    // A release: the body gets its arguments as C passed them (the kinds
    // `Owned` and `OwnedText` convert nothing), and releases them with
    // nothing that can panic (see `guard_no_unwind`).
    (@kind [Release] $doc:tt $name:ident $args:tt [$($a:ident),*] $body:block) => {
        $crate::ffi::api::declare!(@extern [#[no_mangle] pub] $doc $name $args [] {
            $crate::ffi::guard::guard_no_unwind((), || {
                let f = $body;
                f($($a),*)
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
