/***************************************
  An old WWWOFFLE program, emulated: it knows the URL record only through
  its own misc.h (c-tests/emulate/wwwoffle-2.9/ or wwwoffle-2.9h/, chosen
  with -I), defines GetLocalHostPort() and DefaultPort() itself the way
  WWWOFFLE does, and runs the conformance vectors of its version through
  the library, reading every field of every record with its own offsets.

  Usage: emulate VECTORS_DIR
  With WWWURL_TEST_QUICK=1 (for valgrind) only every 4th row of each file
  is run.  Prints the failures (the first 20), then "N passed, N failed"
  (N = rows) and exits with 0 only when nothing failed.

  It is self-contained on purpose: its own TSV reader, no project header.
  Plain C89.
  ***************************************/

#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "misc.h"

#if defined(EMULATE_29) && defined(EMULATE_29H)
#error "misc.h claims to be both WWWOFFLE 2.9 and 2.9h"
#elif defined(EMULATE_29H)
#define VERSION_NAME "2.9h"
#elif defined(EMULATE_29)
#define VERSION_NAME "2.9"
#else
#error "misc.h does not say which WWWOFFLE version it is (EMULATE_29 or EMULATE_29H)"
#endif

#define MAX_SHOWN 20            /* failures printed in full */


/*======================================================================
  The two functions that WWWOFFLE provides to its URL code.
  ======================================================================*/

static unsigned long local_calls;     /* GetLocalHostPort() calls */
static unsigned long port_calls;      /* DefaultPort() calls */
static unsigned long port_bad_calls;  /* DefaultPort() calls with no usable proto */
static char port_bad_example[64];     /* what the first bad call saw */

char *GetLocalHostPort(void)
{
 static const char localhost[] = "localhost:8080";
 char *p = (char *)malloc(sizeof(localhost));

 local_calls++;
 if (p)
    memcpy(p, localhost, sizeof(localhost));
 return p;
}

/* Reads Url->proto through this program's own declaration of the record: a
 * library that hands over a record of the other version's layout makes this
 * read another field (NULL, garbage or a string that is not a protocol). */
int DefaultPort(const URL *Url)
{
 const char *p;

 port_calls++;
 if (!Url || !Url->proto)
   {
    if (!port_bad_calls++)
       strcpy(port_bad_example, Url ? "proto == NULL" : "Url == NULL");
    return 0;
   }
 /* the library lower-cases the protocol before it asks */
 for (p = Url->proto; *p; p++)
    if (*p >= 'A' && *p <= 'Z')
      {
       if (!port_bad_calls++)
         {
          strcpy(port_bad_example, "proto not lower case: ");
          strncat(port_bad_example, Url->proto, sizeof(port_bad_example) - strlen(port_bad_example) - 1);
         }
       return 0;
      }

 if (!strcmp(Url->proto, "http"))
    return 80;
 if (!strcmp(Url->proto, "https"))
    return 443;
 if (!strcmp(Url->proto, "ftp"))
    return 21;
 if (!strcmp(Url->proto, "finger"))
    return 79;
 return 0;
}


/*======================================================================
  Small helpers.
  ======================================================================*/

static void *xmalloc(size_t n)
{
 void *p = malloc(n ? n : 1);

 if (!p)
   {
    fprintf(stderr, "emulate: out of memory\n");
    exit(2);
   }
 return p;
}

/* A copy in a block of exactly the right size (so that ASan and valgrind see
 * a read or write one byte past the end); NULL stays NULL. */
static char *dupstr(const char *s)
{
 char *p;
 size_t n;

 if (!s)
    return NULL;
 n = strlen(s) + 1;
 p = (char *)xmalloc(n);
 memcpy(p, s, n);
 return p;
}

static int same_str(const char *a, const char *b)
{
 if (!a || !b)
    return a == b;
 return !strcmp(a, b);
}

/* Prints s the way the vector files write it, in quotes; NULL as \N. */
static void print_escaped(FILE *out, const char *s)
{
 const unsigned char *p;

 if (!s)
   {
    fputs("\\N", out);
    return;
   }
 putc('"', out);
 for (p = (const unsigned char *)s; *p; p++)
   {
    if (*p == '\\')
       fputs("\\\\", out);
    else if (*p == '\t')
       fputs("\\t", out);
    else if (*p == '\n')
       fputs("\\n", out);
    else if (*p == '\r')
       fputs("\\r", out);
    else if (*p < 0x20 || *p >= 0x7f)
       fprintf(out, "\\x%02X", (unsigned)*p);
    else
       putc(*p, out);
   }
 putc('"', out);
}


/*======================================================================
  Failures.
  ======================================================================*/

static const char *cur_file;      /* vector file of the row being run */
static unsigned long cur_line;    /* its line number */
static int cur_failed;            /* the row has failed */
static unsigned long shown;       /* failure messages printed */
static unsigned long not_shown;   /* failure messages not printed */

/* Counts a failure of the current row; true if it is to be printed. */
static int begin_fail(const char *field)
{
 cur_failed = 1;
 if (shown >= MAX_SHOWN)
   {
    not_shown++;
    return 0;
   }
 shown++;
 printf("%s:%lu: %s: ", cur_file, cur_line, field);
 return 1;
}

static void fail_msg(const char *field, const char *what)
{
 if (begin_fail(field))
    printf("%s\n", what);
}

static void fail_str(const char *field, const char *want, const char *got)
{
 if (!begin_fail(field))
    return;
 fputs("wanted ", stdout);
 print_escaped(stdout, want);
 fputs(" got ", stdout);
 print_escaped(stdout, got);
 putchar('\n');
}

static void check_str(const char *field, const char *want, const char *got)
{
 if (!same_str(want, got))
    fail_str(field, want, got);
}

static void check_true(const char *field, int ok, const char *what)
{
 if (!ok)
    fail_msg(field, what);
}


/* A record of the other version's layout makes the program follow wrong
 * pointers: say which vector it was on before dying of it.  Not under ASan,
 * which reports such a crash better itself. */
#if defined(__SANITIZE_ADDRESS__)
#define EMULATE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EMULATE_ASAN 1
#endif
#endif

#ifndef EMULATE_ASAN
static void on_crash(int sig)
{
 fprintf(stderr, "emulate: signal %d while running %s:%lu (a record of another layout?)\n",
         sig, cur_file ? cur_file : "(no vector)", cur_line);
 signal(sig, SIG_DFL);
 raise(sig);
}
#endif


/*======================================================================
  The vector files (format: tests/vectors/README.md).
  ======================================================================*/

typedef struct
{
 char **field;        /* unescaped fields; NULL for \N */
 int nfields;
 int arrow;           /* index of the "=>" column, or -1 */
 const char *error;   /* what is wrong with the line, or NULL */
}
Row;

typedef struct
{
 FILE *fp;
 char *buf;
 size_t size;
 unsigned long line;
}
Reader;

/* Reads one line without its LF; returns its length, or -1 at the end. */
static long read_line(Reader *r)
{
 size_t n = 0;
 int c;

 while ((c = getc(r->fp)) != EOF)
   {
    if (c == '\n')
       break;
    if (n + 1 >= r->size)
      {
       char *nb;
       r->size = r->size ? r->size * 2 : 4096;
       nb = (char *)xmalloc(r->size);
       if (n)
          memcpy(nb, r->buf, n);
       free(r->buf);
       r->buf = nb;
      }
    r->buf[n++] = (char)c;
   }
 if (c == EOF && n == 0)
    return -1;
 if (!r->buf)
   {
    r->size = 4096;
    r->buf = (char *)xmalloc(r->size);
   }
 r->buf[n] = 0;
 r->line++;
 return (long)n;
}

static int hexval(int c)
{
 if (c >= '0' && c <= '9')
    return c - '0';
 if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
 if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
 return -1;
}

/* Unescapes raw[0..n) into a new exactly-sized string; sets *isnull for a
 * whole-field \N.  Returns NULL (and *bad) on a malformed escape. */
static char *unescape(const char *raw, size_t n, int *isnull, const char **bad)
{
 size_t i, len = 0;
 char *out, *o;

 *isnull = 0;
 *bad = NULL;
 if (n == 2 && raw[0] == '\\' && raw[1] == 'N')
   {
    *isnull = 1;
    return NULL;
   }
 for (i = 0; i < n; i++, len++)
    if (raw[i] == '\\')
      {
       if (i + 1 >= n)
         {
          *bad = "backslash at the end of a field";
          return NULL;
         }
       switch (raw[i + 1])
         {
         case '\\': case 't': case 'n': case 'r':
          i++;
          break;
         case 'x':
          if (i + 3 >= n || hexval((unsigned char)raw[i + 2]) < 0 || hexval((unsigned char)raw[i + 3]) < 0)
            {
             *bad = "bad \\xHH escape";
             return NULL;
            }
          i += 3;
          break;
         default:
          *bad = "unknown escape";
          return NULL;
         }
      }
 out = o = (char *)xmalloc(len + 1);
 for (i = 0; i < n; i++)
   {
    if (raw[i] != '\\')
      {
       *o++ = raw[i];
       continue;
      }
    i++;
    switch (raw[i])
      {
      case '\\': *o++ = '\\'; break;
      case 't': *o++ = '\t'; break;
      case 'n': *o++ = '\n'; break;
      case 'r': *o++ = '\r'; break;
      default:
       *o++ = (char)(hexval((unsigned char)raw[i + 1]) * 16 + hexval((unsigned char)raw[i + 2]));
       i += 2;
      }
   }
 *o = 0;
 return out;
}

static void free_row(Row *row)
{
 int i;

 for (i = 0; i < row->nfields; i++)
    free(row->field[i]);
 free(row->field);
 row->field = NULL;
 row->nfields = 0;
 row->error = NULL;
}

/* Splits the current line of r into row. */
static void split_row(Reader *r, size_t len, Row *row)
{
 size_t start = 0, i;
 int n = 1, k = 0;

 for (i = 0; i < len; i++)
    if (r->buf[i] == '\t')
       n++;
 row->field = (char **)xmalloc(n * sizeof(char *));
 row->nfields = n;
 row->arrow = -1;
 row->error = NULL;
 for (i = 0; i <= len; i++)
    if (i == len || r->buf[i] == '\t')
      {
       int isnull;
       const char *bad;
       row->field[k] = unescape(r->buf + start, i - start, &isnull, &bad);
       if (bad && !row->error)
          row->error = bad;
       if (row->arrow < 0 && i - start == 2 && !memcmp(r->buf + start, "=>", 2))
          row->arrow = k;
       k++;
       start = i + 1;
      }
}


/*======================================================================
  Reading the URL record through this program's declaration.
  ======================================================================*/

static const struct
{
 const char *name;
 size_t offset;
}
str_fields[] =
{
#ifdef EMULATE_29H
 {"original_name", offsetof(URL, original_name)},
 {"original_pathp", offsetof(URL, original_pathp)},
 {"original_path", offsetof(URL, original_path)},
 {"original_args", offsetof(URL, original_args)},
#endif
 {"name", offsetof(URL, name)},
 {"file", offsetof(URL, file)},
 {"hostp", offsetof(URL, hostp)},
 {"pathp", offsetof(URL, pathp)},
 {"proto", offsetof(URL, proto)},
 {"hostport", offsetof(URL, hostport)},
 {"path", offsetof(URL, path)},
 {"args", offsetof(URL, args)},
 {"user", offsetof(URL, user)},
 {"pass", offsetof(URL, pass)},
 {"host", offsetof(URL, host)},
 {"private_link", offsetof(URL, private_link)},
 {"private_dir", offsetof(URL, private_dir)},
 {"private_file", offsetof(URL, private_file)}
};

#define N_STR_FIELDS ((int)(sizeof(str_fields) / sizeof(str_fields[0])))
#define STR_FIELD(u, i) (*(char *const *)((const char *)(u) + str_fields[i].offset))

/* A copy of a record's contents, to show that LinkURL() leaves its base alone. */
typedef struct
{
 char *ptr[N_STR_FIELDS];
 char *copy[N_STR_FIELDS];
 int port;
}
Snapshot;

static void take_snapshot(const URL *u, Snapshot *s)
{
 int i;

 for (i = 0; i < N_STR_FIELDS; i++)
   {
    s->ptr[i] = STR_FIELD(u, i);
    s->copy[i] = dupstr(s->ptr[i]);
   }
 s->port = u->port;
}

static void check_snapshot(const URL *u, Snapshot *s)
{
 int i;
 char field[64];

 for (i = 0; i < N_STR_FIELDS; i++)
   {
    sprintf(field, "base %s", str_fields[i].name);
    if (STR_FIELD(u, i) != s->ptr[i])
       fail_msg(field, "LinkURL() changed the pointer in the base record");
    else if (!same_str(STR_FIELD(u, i), s->copy[i]))
       fail_str(field, s->copy[i], STR_FIELD(u, i));
    free(s->copy[i]);
   }
 if (u->port != s->port)
    fail_msg("base port", "LinkURL() changed the base record's port");
}

/* Parses a decimal column; *ok = 0 when it is not one. */
static long number(const char *s, int *ok)
{
 char *end;
 long v;

 *ok = 0;
 if (!s || !*s)
    return 0;
 v = strtol(s, &end, 10);
 if (*end)
    return 0;
 *ok = 1;
 return v;
}

/* Checks that p points into s at byte offset off (given as text). */
static void check_offset(const char *field, const char *base, const char *p, const char *off_text)
{
 int ok;
 long off = number(off_text, &ok);
 char msg[160];

 if (!ok || off < 0)
   {
    fail_str(field, "an offset column", off_text);
    return;
   }
 if (!base)
   {
    fail_msg(field, "the string it points into is NULL");
    return;
   }
 if ((size_t)off > strlen(base))
   {
    fail_msg(field, "the vector's offset lies past the end of the string");
    return;
   }
 if (p != base + off)
   {
    if (p >= base && p <= base + strlen(base))
       sprintf(msg, "wanted offset %ld got offset %ld", off, (long)(p - base));
    else
       sprintf(msg, "wanted offset %ld got a pointer outside the string", off);
    fail_msg(field, msg);
   }
}

/* The name of the cache file that WWWOFFLE keeps a page in. */
static char *cache_name(const char *proto, const char *hostport, const char *hash)
{
 char *s;

 if (!proto || !hostport || !hash)
    return NULL;
 s = (char *)xmalloc(strlen(proto) + strlen(hostport) + strlen(hash) + 4);
 sprintf(s, "%s/%s/D%s", proto, hostport, hash);
 return s;
}

/* An application's use of a record: its cache name, its path for a local
 * file, its host; none of it may disagree with the record or the vector. */
static void check_use(const URL *u, char *const *exp)
{
 char *hash, *want_hash, *cn, *want_cn, *dec, *enc, *ch;
 const char *p;
 int letter = 0, colons = 0;

 hash = MakeHash(u->file);
 want_hash = MakeHash(exp[1]);
 check_str("MakeHash(file)", want_hash, hash);
 if (!hash || strlen(hash) != 22)
    fail_str("MakeHash(file)", "22 characters", hash);
 cn = cache_name(u->proto, u->hostport, hash);
 want_cn = cache_name(exp[2], exp[3], want_hash);
 check_str("cache name", want_cn, cn);
 free(cn);
 free(want_cn);
 free(hash);
 free(want_hash);

 /* path is encoded with URLEncodePath(): decoding and encoding it again
  * gives it back */
 dec = URLDecodeGeneric(u->path);
 enc = URLEncodePath(dec);
 check_str("URLEncodePath(URLDecodeGeneric(path))", u->path, enc);
 free(dec);
 free(enc);

 /* a host name with letters (not IPv6) is canonical once lower-cased */
 if (u->hostport && u->hostport[0] != '[')
   {
    for (p = u->hostport; *p; p++)
      {
       if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
          letter = 1;
       if (*p == ':')
          colons++;
      }
    if (letter && colons < 2)
      {
       ch = CanonicaliseHost(u->hostport);
       check_str("CanonicaliseHost(hostport)", u->hostport, ch);
       free(ch);
      }
   }
}

/* Compares a record with the URL columns of a vector:
 *   name file proto hostport host port path args user pass
 *   [original_name original_path original_args original_pathp] hostp pathp
 * with_original says whether the four 2.9h columns are there. */
static void check_url(const URL *u, char *const *exp, int with_original)
{
 int ok, i;
 long port;
 char msg[96];
 const char *hostp_col = exp[with_original ? 14 : 10];
 const char *pathp_col = exp[with_original ? 15 : 11];

 if (!u)
   {
    fail_msg("record", "wanted a record got NULL");
    return;
   }

 check_str("name", exp[0], u->name);
 check_str("file", exp[1], u->file);
 check_str("proto", exp[2], u->proto);
 check_str("hostport", exp[3], u->hostport);
 check_str("host", exp[4], u->host);
 port = number(exp[5], &ok);
 if (!ok)
    fail_str("port", "a port column", exp[5]);
 else if (port != u->port)
   {
    sprintf(msg, "wanted %ld got %d", port, u->port);
    fail_msg("port", msg);
   }
 check_str("path", exp[6], u->path);
 check_str("args", exp[7], u->args);
 check_str("user", exp[8], u->user);
 check_str("pass", exp[9], u->pass);

 /* the pointers that share a string */
 if (exp[8] == NULL)
    check_true("file", u->file == u->name, "no user, but file is not the same pointer as name");
 else
    check_true("file", u->file != u->name, "a user, but file is the same pointer as name");
 if (same_str(exp[3], exp[4]))
    check_true("host", u->host == u->hostport, "no port, but host is not the same pointer as hostport");
 else
    check_true("host", u->host != u->hostport, "a port, but host is the same pointer as hostport");
 check_offset("hostp", u->name, u->hostp, hostp_col);
 check_offset("pathp", u->name, u->pathp, pathp_col);

#ifdef EMULATE_29H
 if (with_original)
   {
    check_str("original_name", exp[10], u->original_name);
    check_str("original_path", exp[11], u->original_path);
    check_str("original_args", exp[12], u->original_args);
    check_offset("original_pathp", u->original_name, u->original_pathp, exp[13]);
   }
 /* always: original_name = proto "://" hostport original_path ["?" original_args],
  * with original_pathp at the path */
 if (!u->original_name || !u->original_path || !u->original_pathp)
    fail_msg("original_*", "original_name, original_path or original_pathp is NULL");
 else
   {
    size_t ln = strlen(u->original_name), lp = strlen(u->original_path);
    const char *t = u->original_pathp;

    if (t < u->original_name || t > u->original_name + ln)
       fail_msg("original_pathp", "does not point into original_name");
    else if (strncmp(t, u->original_path, lp))
       fail_str("original_pathp", u->original_path, t);
    else if (u->original_args
             ? (t[lp] != '?' || strcmp(t + lp + 1, u->original_args))
             : t[lp] != 0)
       fail_str("original_name after original_pathp + original_path",
                u->original_args ? u->original_args : "", t + lp);
   }
#else
 (void)with_original;
#endif

 for (i = 0; i < N_STR_FIELDS; i++)
    if (!strncmp(str_fields[i].name, "private_", 8) && STR_FIELD(u, i))
       fail_msg(str_fields[i].name, "not NULL in a new record");

 check_use(u, exp);
}


/*======================================================================
  The application's private fields, and FreeURL().
  ======================================================================*/

static unsigned long private_turn;

/* Fills the private fields the ways WWWOFFLE does, in turn: untouched; the
 * cache directory is the hostport and the link is the name; all three
 * malloc'ed; a malloc'ed directory with the name as link. */
static void set_private(URL *u)
{
 char *f;

 if (!u)
    return;
 switch (private_turn++ % 4)
   {
   case 0:
    break;
   case 1:
    u->private_dir = u->hostport;
    u->private_link = u->name;
    f = (char *)xmalloc(strlen(u->hostport) + 3);
    sprintf(f, "D%s", u->hostport);
    u->private_file = f;
    break;
   case 2:
    u->private_dir = dupstr(u->hostport);
    u->private_link = dupstr(u->name);
    u->private_file = dupstr(u->path);
    break;
   default:
    u->private_dir = dupstr(u->proto);
    u->private_link = u->name;
    break;
   }
}

static void free_url(URL *u)
{
 if (u)
   {
    set_private(u);
    FreeURL(u);
   }
}


/*======================================================================
  One handler per vector file: in = the input columns, exp = the results.
  ======================================================================*/

/* Checks that an input the library got as const is as it was. */
static void check_input(const char *what, const char *given, char *copy)
{
 if (!same_str(given, copy))
    fail_str(what, given, copy);
 free(copy);
}

static void run_split(char **in, char **exp, int with_original)
{
 char *url = dupstr(in[0]);
 URL *u = SplitURL(url);

 check_input("input of SplitURL", in[0], url);
 check_url(u, exp, with_original);
 free_url(u);
}

#ifdef EMULATE_29H
static void do_split_29h(char **in, char **exp)
{
 run_split(in, exp, 1);
}
#else
static void do_split_29(char **in, char **exp)
{
 run_split(in, exp, 0);
}
#endif

static void do_create(char **in, char **exp)
{
 char *a[6];
 URL *u;
 int i;

 for (i = 0; i < 6; i++)
    a[i] = dupstr(in[i]);
 u = CreateURL(a[0], a[1], a[2], a[3], a[4], a[5]);
 for (i = 0; i < 6; i++)
    check_input("input of CreateURL", in[i], a[i]);
 check_url(u, exp, 0);
#ifdef EMULATE_29H
 /* the original_* fields of a created record are its inputs as given */
 if (u)
   {
    char *on = (char *)xmalloc(strlen(in[0]) + strlen(in[1]) + strlen(in[2]) + (in[3] ? strlen(in[3]) : 0) + 5);

    sprintf(on, "%s://%s%s%s%s", in[0], in[1], in[2], in[3] ? "?" : "", in[3] ? in[3] : "");
    check_str("original_name", on, u->original_name);
    check_str("original_path", in[2], u->original_path);
    check_str("original_args", in[3], u->original_args);
    free(on);
   }
#endif
 free_url(u);
}

static void do_addpassword(char **in, char **exp)
{
 char *url = dupstr(in[0]), *user = dupstr(in[1]), *pass = dupstr(in[2]);
 URL *u = SplitURL(url);
#ifdef EMULATE_29H
 char *old_name, *old_path, *old_args;
#endif

 if (!u)
   {
    fail_msg("record", "SplitURL() of the url gave NULL");
    free(url);
    free(user);
    free(pass);
    return;
   }
#ifdef EMULATE_29H
 old_name = (char *)xmalloc(strlen(u->proto) + strlen(u->hostport) + strlen(u->path)
                            + (u->args ? strlen(u->args) : 0) + 5);
 sprintf(old_name, "%s://%s%s%s%s", u->proto, u->hostport, u->path, u->args ? "?" : "",
         u->args ? u->args : "");
 old_path = dupstr(u->path);
 old_args = dupstr(u->args);
#endif
 set_private(u);         /* AddPasswordURL() releases them */
 AddPasswordURL(u, user, pass);
 check_input("input of SplitURL", in[0], url);
 check_input("user given to AddPasswordURL", in[1], user);
 check_input("pass given to AddPasswordURL", in[2], pass);
 check_url(u, exp, 0);   /* the same record, rebuilt in place */
#ifdef EMULATE_29H
 /* rebuilt by CreateURL() from the canonical parts it had: its originals */
 check_str("original_name", old_name, u->original_name);
 check_str("original_path", old_path, u->original_path);
 check_str("original_args", old_args, u->original_args);
 free(old_name);
 free(old_path);
 free(old_args);
#endif
 free_url(u);
}

static void do_link(char **in, char **exp)
{
 char *base_url = dupstr(in[0]), *link = dupstr(in[1]);
 URL *base = SplitURL(base_url), *u;
 Snapshot before;

 check_input("base url", in[0], base_url);
 if (!base)
   {
    fail_msg("base record", "SplitURL() of the base gave NULL");
    free(link);
    return;
   }
 set_private(base);
 take_snapshot(base, &before);
 u = LinkURL(base, link);
 check_input("link", in[1], link);
 check_snapshot(base, &before);
 check_url(u, exp, 0);
 free_url(u);
 FreeURL(base);          /* with the private fields set before */
}

static void do_makehash(char **in, char **exp)
{
 char *s = dupstr(in[0]);
 char *h = MakeHash(s);

 check_input("input of MakeHash", in[0], s);
 check_str("result", exp[0], h);
 free(h);
}

#ifdef EMULATE_29H
static void do_fixhtmllinkurl(char **in, char **exp)
{
 char *s = dupstr(in[0]);
 char *r = FixHTMLLinkURL(s);

 check_input("input of FixHTMLLinkURL", in[0], s);
 check_str("result", exp[0], r);
 free(r);
}
#else
static void do_replaceamp(char **in, char **exp)
{
 char *s = dupstr(in[0]);

 URLReplaceAmp(s);
 check_str("result", exp[0], s);
 free(s);
}
#endif


/*======================================================================
  Running the files.
  ======================================================================*/

static unsigned long rows_passed, rows_failed, global_failures;
static int quick;

static void global_fail(const char *what, const char *detail)
{
 global_failures++;
 printf("FAIL: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
}

static int has_amp(const Row *row)
{
 int i;

 for (i = 1; i < row->arrow; i++)
    if (row->field[i] && strchr(row->field[i], '&'))
       return 1;
 return 0;
}

/* Runs every row of dir/rel through fn.  n_in and n_out are the numbers of
 * input and result columns; with skip_amp, rows with an '&' byte in an
 * input are left out (counted). */
static void run_file(const char *dir, const char *rel, const char *func, int n_in, int n_out,
                     void (*fn)(char **, char **), int skip_amp)
{
 Reader r;
 Row row;
 long len;
 char *path = (char *)xmalloc(strlen(dir) + strlen(rel) + 2);
 unsigned long run = 0, failed = 0, filtered = 0, skipped = 0, seen = 0;
 char msg[128];

 sprintf(path, "%s/%s", dir, rel);
 r.fp = fopen(path, "rb");
 r.buf = NULL;
 r.size = 0;
 r.line = 0;
 if (!r.fp)
   {
    global_fail("cannot open", path);
    free(path);
    return;
   }
 cur_file = path;
 row.field = NULL;
 row.nfields = 0;

 while ((len = read_line(&r)) >= 0)
   {
    if (len == 0 || r.buf[0] == '#')
       continue;
    split_row(&r, (size_t)len, &row);
    cur_line = r.line;
    cur_failed = 0;

    if (row.error || row.arrow != n_in + 1 || row.nfields != n_in + n_out + 2
        || !row.field[0] || strcmp(row.field[0], func))
      {
       if (row.error)
          fail_msg("vector line", row.error);
       else
         {
          sprintf(msg, "not a %s line with %d inputs, \"=>\" and %d results", func, n_in, n_out);
          fail_msg("vector line", msg);
         }
      }
    else if (skip_amp && has_amp(&row))
      {
       filtered++;
       free_row(&row);
       continue;
      }
    else if (quick && seen++ % 4 != 0)
      {
       skipped++;
       free_row(&row);
       continue;
      }
    else
       fn(row.field + 1, row.field + n_in + 2);

    run++;
    if (cur_failed)
      {
       failed++;
       rows_failed++;
      }
    else
       rows_passed++;
    free_row(&row);
   }

 printf("%s: %lu rows, %lu failed", rel, run, failed);
 if (skip_amp)
    printf(", %lu filtered out (an input has '&')", filtered);
 if (quick)
    printf(", %lu skipped (quick)", skipped);
 putchar('\n');
 if (run == 0)
    global_fail("no rows run from", path);

 fclose(r.fp);
 free(r.buf);
 free(path);
 cur_file = NULL;
}

int main(int argc, char **argv)
{
 const char *dir, *q;
 char msg[128];

 if (argc != 2)
   {
    fprintf(stderr, "usage: %s VECTORS_DIR\n", argv[0]);
    return 2;
   }
 dir = argv[1];
 q = getenv("WWWURL_TEST_QUICK");
 quick = q && *q && strcmp(q, "0");
 setvbuf(stdout, NULL, _IOLBF, 0);
#ifndef EMULATE_ASAN
 signal(SIGSEGV, on_crash);
#ifdef SIGBUS
 signal(SIGBUS, on_crash);
#endif
#endif
 printf("emulate: a WWWOFFLE %s program (record of %d bytes), vectors in %s%s\n", VERSION_NAME,
        (int)sizeof(URL), dir, quick ? ", every 4th row" : "");

#ifdef EMULATE_29H
 run_file(dir, "v29h/SplitURL.tsv", "SplitURL", 1, 16, do_split_29h, 0);
 run_file(dir, "v29h/FixHTMLLinkURL.tsv", "FixHTMLLinkURL", 1, 1, do_fixhtmllinkurl, 0);
 run_file(dir, "MakeHash.tsv", "MakeHash", 1, 1, do_makehash, 0);
 run_file(dir, "CreateURL.tsv", "CreateURL", 6, 12, do_create, 1);
 run_file(dir, "AddPasswordURL.tsv", "AddPasswordURL", 3, 12, do_addpassword, 1);
 run_file(dir, "LinkURL.tsv", "LinkURL", 2, 12, do_link, 1);
#else
 run_file(dir, "SplitURL.tsv", "SplitURL", 1, 12, do_split_29, 0);
 run_file(dir, "CreateURL.tsv", "CreateURL", 6, 12, do_create, 0);
 run_file(dir, "AddPasswordURL.tsv", "AddPasswordURL", 3, 12, do_addpassword, 0);
 run_file(dir, "LinkURL.tsv", "LinkURL", 2, 12, do_link, 0);
 run_file(dir, "URLReplaceAmp.tsv", "URLReplaceAmp", 1, 1, do_replaceamp, 0);
 run_file(dir, "MakeHash.tsv", "MakeHash", 1, 1, do_makehash, 0);
#endif

 if (not_shown)
    printf("(%lu more failure messages not shown)\n", not_shown);

 printf("hooks: DefaultPort() called %lu times (%lu with no usable proto), GetLocalHostPort() %lu times\n",
        port_calls, port_bad_calls, local_calls);
 if (port_calls == 0)
    global_fail("the library never called the program's DefaultPort()", NULL);
 if (local_calls == 0)
    global_fail("the library never called the program's GetLocalHostPort()", NULL);
 if (port_bad_calls)
   {
    sprintf(msg, "%lu calls, the first: ", port_bad_calls);
    strncat(msg, port_bad_example, sizeof(msg) - strlen(msg) - 1);
    global_fail("DefaultPort() got a record whose proto it cannot read (wrong layout?)", msg);
   }

 printf("%lu passed, %lu failed\n", rows_passed, rows_failed);
 return rows_failed || global_failures ? 1 : 0;
}
