#pragma once
// Writing files so that a reader never sees a half-written one: the content goes to a
// temporary file in the same folder, is flushed to disk, and is renamed over the target.

#include <string>
#include <string_view>

namespace manyworlds {

// Replaces `path` with `content` atomically. On any failure the old file is left intact, the
// temporary file is removed, and InputError says what went wrong.
void write_file_atomically(const std::string& path, std::string_view content);

}  // namespace manyworlds
