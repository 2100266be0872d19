// ada's URLPattern (ada::url_pattern over ada's std::regex provider) behind
// three C functions for the benchmark (src/main.rs): make a pattern from a
// constructor string, test a URL string against it, free it. Built by
// build.rs with ada.cpp of the ada-url package.

#include <cstddef>
#include <new>
#include <string_view>
#include <utility>
#include <variant>

#include "ada.h"

namespace {
using provider = ada::url_pattern_regex::std_regex_provider;
using pattern = ada::url_pattern<provider>;
}  // namespace

extern "C" {

// The pattern of the constructor string `text` (`len` bytes of UTF-8), or
// null when ada rejects it; then `*error`, if not null, is ada's error code.
void* wwwurl_bench_ada_pattern_new(const char* text, size_t len,
                                   int* error) noexcept {
  std::variant<std::string_view, ada::url_pattern_init> input{
      std::string_view(text, len)};
  auto parsed = ada::parse_url_pattern<provider>(std::move(input));
  if (!parsed) {
    if (error != nullptr) {
      *error = static_cast<int>(parsed.error());
    }
    return nullptr;
  }
  return new (std::nothrow) pattern(std::move(*parsed));
}

// test() of the URL string `url` (`len` bytes of UTF-8): 1 on a match, 0
// when there is none or `url` is no URL, -1 when ada reports an error.
int wwwurl_bench_ada_pattern_test(void* p, const char* url,
                                  size_t len) noexcept {
  const ada::url_pattern_input input{std::string_view(url, len)};
  auto result = static_cast<pattern*>(p)->test(input);
  if (!result) {
    return -1;
  }
  return *result ? 1 : 0;
}

void wwwurl_bench_ada_pattern_free(void* p) noexcept {
  delete static_cast<pattern*>(p);
}

}  // extern "C"
