#!/usr/bin/env python3
"""Copies sfinder's outputs (gen.sh's folder) into the test data folder: reports up to 16 KB and
CSV files up to 40 KB as they are, larger ones as SHA-256 digests (a report's digest is of its
lines without `Version: ` and `  -> Stopwatch stop`, its `# Output` section kept in full)."""
import hashlib, os, sys
src, dst = sys.argv[1], sys.argv[2]
os.makedirs(dst, exist_ok=True)
def norm(text):
    return ''.join(l + '\n' for l in text.split('\n')[:-1]
                   if not l.startswith('Version: ') and not l.startswith('  -> Stopwatch stop'))
for f in sorted(os.listdir(src)):
    name, ext = f.rsplit('.', 1)
    data = open(os.path.join(src, f), 'rb').read()
    if ext == 'log':
        continue
    if ext == 'out' and len(data) > 16 * 1024:
        text = data.decode()
        open(os.path.join(dst, name + '.out.sha256'), 'w').write(
            hashlib.sha256(norm(text).encode()).hexdigest() + '  ' + name + '.out (without its Version and Stopwatch lines)\n')
        open(os.path.join(dst, name + '.result'), 'w').write(text[text.index('# Output\n'):])
    elif ext == 'csv' and len(data) > 40 * 1024:
        open(os.path.join(dst, name + '.csv.sha256'), 'w').write(
            hashlib.sha256(data).hexdigest() + '  ' + name + '.csv (' + str(data.count(b'\n')) + ' lines)\n')
    else:
        open(os.path.join(dst, f), 'wb').write(data)
