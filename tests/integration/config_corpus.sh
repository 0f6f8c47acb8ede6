#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Bad input through the real binary (issue 7 item 1).  Every case runs
#   dutperf -- trial -c FILE -o FRESHDIR
# in a fresh empty working directory and must exit 2, print a message
# naming the file (and section, key and value where there are any), and
# create nothing: neither FRESHDIR nor any file in the working directory.
# No EAL options are given: had the EAL started, it would fail with exit 1.
#
# Cases: every tests/data/cfg/bad_*.ini fixture; generated files (a >1 MiB
# file, random binary bytes, NUL, a long line, a byte-order mark, CRLF
# without key, a missing file, a directory as the file); and for EVERY key
# of the key table (read from `dutperf -- trial --check`) a wrong-type value
# and the values just outside its bounds; every command-line option that
# sets a key with a wrong-type and an out-of-bounds value.
# The cases are independent (each its own directories): they run on as
# many threads as there are CPUs (a sanitized binary takes ~0.1 s of CPU
# a start; sanitized.sh runs this corpus with it), each section finished
# before its count is printed.
set -u
: "${SRCDIR:?run through meson test}" "${BUILDDIR:?run through meson test}"
bin=$BUILDDIR/src/dpdk/dutperf
if [ ! -x "$bin" ]; then
	echo "SKIP: $bin not built"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/config_corpus.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
exec python3 - "$bin" "$SRCDIR" "$tmp" <<'PY'
import concurrent.futures, os, random, re, subprocess, sys, threading

binary, srcdir, tmp = sys.argv[1:4]
fixtures = os.path.join(srcdir, "tests", "data", "cfg")
failed = []
count = 0
pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1))
pending = []
lock = threading.Lock()


def run(name, args, needles, outdir=None):
	"""Start a case: dutperf -- ARGS in a fresh cwd (check()); a future
	of its stderr."""
	global count
	count += 1
	cwd = os.path.join(tmp, "cwd-%d" % count)
	os.mkdir(cwd)
	if outdir is None:
		outdir = os.path.join(tmp, "out-%d" % count)
		args = args + ["-o", outdir]
	f = pool.submit(check, name, args, needles, outdir, cwd)
	pending.append(f)
	return f


def drain():
	"""Wait for every case started so far."""
	for f in pending:
		f.result()
	pending.clear()


def check(name, args, needles, outdir, cwd):
	"""Run one case; check exit 2, needles, nothing made."""
	p = subprocess.run([binary, "--"] + args, cwd=cwd, capture_output=True,
			   timeout=20)
	err = p.stderr.decode("utf-8", "replace")
	why = []
	if p.returncode != 2:
		why.append("exit %d, want 2" % p.returncode)
	for n in needles:
		if n not in err:
			why.append("message lacks %r" % n)
	if "EAL" in err:
		why.append("the EAL was started")
	if os.path.exists(outdir):
		why.append("output directory %s created" % outdir)
	if os.listdir(cwd):
		why.append("files created: %s" % os.listdir(cwd))
	if why:
		with lock:
			failed.append(name)
			print("FAIL %s: %s; stderr: %s" % (name, "; ".join(why), err[:300]))
	return err


def write(name, data):
	path = os.path.join(tmp, name)
	with open(path, "wb") as f:
		f.write(data)
	return path


# 1. The fixtures.  A fixture that sets [output] dir runs without -o (which
# would override it) in its fresh cwd.
n_fix = 0
texts = []
for fn in sorted(os.listdir(fixtures)):
	if not fn.startswith("bad_"):
		continue
	path = os.path.join(fixtures, fn)
	data = open(path, "rb").read()
	needles = [fn]
	# a text fixture's message names one of its keys, sections or lines
	keys = re.findall(rb"^\s*([a-z_0-9]+)\s*=", data, re.M)
	keys += re.findall(rb"^\s*(\[[^]\n]*\])", data, re.M)
	keys += [l.strip() for l in data.splitlines()
		 if l.strip() and not l.strip().startswith((b"#", b";"))]
	text = all(b == 9 or b == 10 or b == 13 or 32 <= b < 127 for b in data)
	if b"[output]" in data:
		err = run(fn, ["trial", "-c", path], needles,
			  outdir=os.path.join(tmp, "never"))
	else:
		err = run(fn, ["trial", "-c", path], needles)
	if text and keys:
		texts.append((fn, keys, err))
	n_fix += 1
drain()
for fn, keys, err in texts:
	if not any(k.decode() in err.result() for k in keys):
		failed.append(fn)
		print("FAIL %s: message names none of its keys or sections: %s" % (fn, err.result()[:300]))
if n_fix == 0:
	failed.append("fixtures")
	print("FAIL fixtures: no tests/data/cfg/bad_*.ini found")
print("ok: %d fixtures of tests/data/cfg rejected" % n_fix)

# 2. Generated files.
rnd = random.Random(7)
big = b"; " + b"x" * 70 + b"\n"
gen = {
	"huge.ini": b"[traffic]\nrate_fps = 1000\n" + big * (1024 * 1024 // len(big) + 1),
	"garbage.ini": bytes(rnd.randrange(256) for _ in range(4096)),
	"nul.ini": b"[traffic]\nrate_fps = 10\x0000\n",
	"longline.ini": b"[traffic]\n; " + b"y" * 1100 + b"\nrate_fps = 1\n",
	"bom.ini": b"\xef\xbb\xbf[traffic]\nrate_fps = 1000\n",
	"bom16.ini": "[traffic]\nrate_fps = 1000\n".encode("utf-16"),
	"empty.ini": b"",
	"blank.ini": b"\n   \n\t\n",
	"dup_key_same_section.ini": b"[search]\nrepeat = 2\nrepeat = 3\n",
	"dup_key_repeated_section.ini": b"[left]\nport_id = 0\n[right]\nport_id = 1\n[left]\nport_id = 0\n",
	"no_equals.ini": b"[traffic]\nrate_fps\n",
	"no_equals_garbage.ini": b"[traffic]\nthis is not a key value line\n",
	"unclosed_section.ini": b"[traffic\nrate_fps = 1\n",
	"continuation.ini": b"[traffic]\nrate_fps = 5 \\\n",
	"empty_key.ini": b"[traffic]\n = 5\n",
	"control_byte.ini": b"[traffic]\nrate_fps = 1\x1b[0m\n",
}
# what the message must say besides the file's name
says = {
	"bom.ini": [":1: starts with a UTF-8 byte order mark (BOM); save the file without one"],
	"bom16.ini": [":1: starts with a UTF-16 byte order mark"],
}
for name, data in sorted(gen.items()):
	run(name, ["trial", "-c", write(name, data)], [name] + says.get(name, []))
run("missing file", ["trial", "-c", os.path.join(tmp, "nonexistent.ini")],
    ["nonexistent.ini", "No such file"])
os.mkdir(os.path.join(tmp, "adir.ini"))
run("directory as file", ["trial", "-c", os.path.join(tmp, "adir.ini")],
    ["adir.ini"])
drain()
print("ok: %d generated files (>1 MiB, garbage, NUL, long line, duplicates, "
      "no '=', missing, a directory) rejected" % (len(gen) + 2))

# 3. Every key of the table, read from --check: type from value and comment.
p = subprocess.run([binary, "--", "trial", "--check"], capture_output=True,
		   text=True, timeout=20)
assert p.returncode == 0, p.stderr
keys = []
section = comment = None
for line in p.stdout.splitlines():
	m = re.match(r"^\[(\w+)\]$", line)
	if m:
		section = m.group(1)
		continue
	if line.startswith(";"):
		comment = line
		continue
	m = re.match(r"^(\w+) = (.*)$", line)
	if m and section:
		keys.append((section, m.group(1), m.group(2), comment or ""))
assert len(keys) >= 70, "only %d keys in --check output" % len(keys)

U64 = 2**64 - 1
def bad_values(key, value, comment):
	"""(value, what) pairs: a wrong type and just outside the bounds."""
	b = re.search(r"\((\d+)\.\.(\d+)\)$", comment)
	if b:
		lo, hi = int(b.group(1)), int(b.group(2))
		out = [("12x", "wrong type"), ("-1", "negative")]
		if lo > 0:
			out.append((str(lo - 1), "below %d" % lo))
		out.append((str(hi + 1), "above %d" % hi))
		return "u", out
	if "lcore" in comment:
		return "lcore", [("x", "wrong type"), ("128", "above 127"), ("-1", "negative")]
	if re.fullmatch(r"([0-9a-f]{2}:){5}[0-9a-f]{2}", value):
		return "mac", [("02:00:00:00:00", "short"), ("02:00:00:00:00:1g", "not hex"),
			       ("02:00:00:00:00:100", "octet too wide")]
	if re.fullmatch(r"\d+\.\d+\.\d+\.\d+", value):
		return "ipv4", [("198.18.0.256", "octet above 255"), ("198.18.0", "short"),
				("2001:db8::1", "IPv6 for IPv4")]
	if ":" in value:
		return "ipv6", [("2001:db8::g", "not hex"), ("198.18.0.2", "IPv4 for IPv6"),
				("2001:db8::1/64", "prefix length")]
	if value in ("0", "1") and key in ("jumbo", "promisc", "short_drain",
					   "repeat_preliminary", "validate", "phases",
					   "resume", "required"):
		return "bool", [("2", "not a boolean"), ("maybe", "not a boolean")]
	if key == "ip_version":
		return "enum", [("5", "not 4 or 6"), ("IPv4", "wrong type")]
	if key == "dir":
		return "str", [('""', "empty")]
	if key == "imix":
		# an RFC 6985 genome (docs/frames.md): letters a-j and z,
		# custom upper-case letters with imix_sizes, counts of repeats
		return "genome", [("aaq", "not an RFC 6985 letter"),
				  ("a1", "a count without letters"),
				  ("aax:x=570", "the old custom form"),
				  ("AAX", "a custom letter without a size"),
				  ("aah", "2112 B without jumbo")]
	if key == "imix_sizes":
		# RFC 6985 5's table: upper-case LETTER:BYTES
		return "sizes", [("a:64", "lower-case letter"), ("A:63", "below 64"),
				 ("A:64 A:65", "letter twice"), ("A64", "no colon")]
	if value == "" and "," in comment:
		# a list of numbers ([loss] rates = "r1,r2,..."; empty = unset)
		return "list", [("abc", "not a number"), ("5,x", "bad item"), ("5,,6", "empty item")]
	if value == "":
		return "str", []
	return "enum", [("bogus", "not a listed word"), (value.upper(), "wrong case")]

n = 0
types = {}
for section, key, value, comment in keys:
	typ, cases = bad_values(key, value, comment)
	types[typ] = types.get(typ, 0) + 1
	for i, (v, what) in enumerate(cases):
		name = "key_%s_%s_%d.ini" % (section, key, i)
		path = write(name, ("[%s]\n%s = %s\n" % (section, key, v)).encode())
		needles = [name, "[%s]" % section, key]
		if v != '""':
			needles.append(v)
		if key == "dir":
			# -o would override the empty dir
			run("%s = %s (%s)" % (key, v, what), ["trial", "-c", path], needles,
			    outdir=os.path.join(tmp, "never"))
		else:
			run("[%s] %s = %s (%s)" % (section, key, v, what),
			    ["trial", "-c", path], needles)
		n += 1
drain()
print("ok: %d keys (%s), %d bad values each rejected naming file, section, key "
      "and value" % (len(keys), ", ".join("%d %s" % (c, t) for t, c in sorted(types.items())), n))

# 4. Command-line options that set a key: wrong type and outside the bounds.
h = subprocess.run([binary, "--", "--help"], capture_output=True, text=True)
opts = re.findall(r"^\s+(?:-\w, )?(--[\w-]+) \S+\s+.*?\((?:[^()]*, )?(\d+)\.\.(\d+), default",
		  h.stdout, re.M)
assert len(opts) >= 15, "only %d numeric options in --help" % len(opts)
# each in a mode that takes it (--help: "(options: ...)" under the mode)
mode_opts = re.findall(r"^  (\w+) .*\n\s+\(options: ([^)]*)\)", h.stdout, re.M)
assert len(mode_opts) >= 5, "only %d modes with options in --help" % len(mode_opts)
def mode_for(opt):
	return next((m for m, o in mode_opts if opt in o.split()), "trial")
for opt, lo, hi in opts:
	lo, hi = int(lo), int(hi)
	vals = ["12x", str(hi + 1)] + ([str(lo - 1)] if lo > 0 else [])
	for v in vals:
		run("%s %s" % (opt, v), [mode_for(opt), opt, v], [opt, v])
# found by tests/fuzz/fuzz_cfg: a control byte in -o printed an INI file
# (--check, --print-config) that cannot be loaded again
run("-o with a control byte", ["trial", "-o", "res\x06ults"], ["--outdir"],
    outdir=os.path.join(tmp, "res\x06ults"))
run("--direction sideways", ["trial", "--direction", "sideways"], ["--direction", "sideways"])
run("-c twice", ["trial", "-c", os.path.join(fixtures, "good_syntax.ini"),
		 "-c", os.path.join(fixtures, "good_syntax.ini")], ["-c"])
drain()
print("ok: %d command-line options with wrong and out-of-bounds values rejected" % len(opts))

print("%d cases, %d failed" % (count, len(failed)))
sys.exit(1 if failed else 0)
PY
