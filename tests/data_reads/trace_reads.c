/* Loaded into every test process (LD_PRELOAD, tests/CMakeLists.txt): each file a test opens
 * under tests/data is recorded, one path a line, in <build>/tests/data-reads/<pid>, so that
 * check_reads.cpp can tell which data files no test read. Only opens are wrapped (open,
 * openat, fopen and their 64-bit names): every way the tests and the tool read a file goes
 * through one of them. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int (*real_open)(const char*, int, ...);
static int (*real_openat)(int, const char*, int, ...);
static FILE* (*real_fopen)(const char*, const char*);

static void record(const char* path) {
  const char* data = MANYWORLDS_DATA_DIR;
  const char* logs = MANYWORLDS_READS_DIR;
  if (!path) return;
  /* Both paths canonical: a test may name a file through "..", a symbolic link, or a relative
   * path from its working directory. */
  static char root[PATH_MAX];
  if (!root[0] && !realpath(data, root)) return;
  char full[PATH_MAX];
  if (!realpath(path, full)) return;
  size_t n = strlen(root);
  if (strncmp(full, root, n) != 0 || full[n] != '/') return;
  if (!real_open) real_open = (int (*)(const char*, int, ...))dlsym(RTLD_NEXT, "open");
  char log[PATH_MAX];
  snprintf(log, sizeof log, "%s/%d", logs, (int)getpid());
  int fd = real_open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  char line[PATH_MAX + 2];
  int len = snprintf(line, sizeof line, "%s\n", full + n + 1);
  if (len > 0) (void)!write(fd, line, (size_t)len);
  close(fd);
}

static mode_t mode_of(int flags, va_list args) {
  return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(args, int) : 0;
}

int open(const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  mode_t mode = mode_of(flags, args);
  va_end(args);
  if (!real_open) real_open = (int (*)(const char*, int, ...))dlsym(RTLD_NEXT, "open");
  int fd = real_open(path, flags, mode);
  if (fd >= 0) record(path);
  return fd;
}

int open64(const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  mode_t mode = mode_of(flags, args);
  va_end(args);
  return open(path, flags, mode);
}

int openat(int dir, const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  mode_t mode = mode_of(flags, args);
  va_end(args);
  if (!real_openat) real_openat = (int (*)(int, const char*, int, ...))dlsym(RTLD_NEXT, "openat");
  int fd = real_openat(dir, path, flags, mode);
  if (fd >= 0 && (dir == AT_FDCWD || path[0] == '/')) record(path);
  return fd;
}

int openat64(int dir, const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  mode_t mode = mode_of(flags, args);
  va_end(args);
  return openat(dir, path, flags, mode);
}

FILE* fopen(const char* path, const char* mode) {
  if (!real_fopen) real_fopen = (FILE * (*)(const char*, const char*)) dlsym(RTLD_NEXT, "fopen");
  FILE* f = real_fopen(path, mode);
  if (f) record(path);
  return f;
}

FILE* fopen64(const char* path, const char* mode) {
  return fopen(path, mode);
}
