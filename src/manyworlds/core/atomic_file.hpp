#pragma once
// Writing files so that a reader never sees a half-written one: the content goes to a
// temporary file in the same folder and is renamed over the target. The file is not forced to
// disk (no fsync): the outputs are results that can be computed again, and a flush cost about
// a millisecond, a tenth of a small run (sfinder does not flush either). A crash or Ctrl-C
// still leaves the old file or the new one, never a mix.

#include <string>
#include <string_view>

namespace manyworlds {

// Replaces `path` with `content` atomically. On any failure the old file is left intact, the
// temporary file is removed, and InputError says what went wrong.
void write_file_atomically(const std::string& path, std::string_view content);

// Makes the folders `path` needs and checks that `path` is not a folder; InputError naming
// `what` ("log file", "output file") otherwise. Verbs call it before long work, so that a bad
// path fails at once rather than after the search.
void prepare_file(const std::string& path, std::string_view what);

// prepare_file(), then the content: replaced atomically when `path` is a regular file or new;
// written in place when it is something else (`/dev/null`, a terminal, a pipe).
void write_file(const std::string& path, std::string_view content, std::string_view what);

}  // namespace manyworlds
