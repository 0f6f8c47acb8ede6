#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Open a dutperf-report HTML file in headless Chromium, offline, and check it.

    report_browser.py REPORT.html SCREENSHOT.png SECTION_ID...

Chromium runs with --remote-debugging-pipe (the DevTools protocol over file
descriptors 3 and 4: no port, no websocket library) and no network (a proxy
that refuses, and the protocol's offline emulation).  The page itself has no
script; the checks run from the DevTools side:

- no console message of level error or warning, no exception, no request
  whose URL is not file: or data: (nothing fetched from a network) and no
  failed load;
- the page has no <script> element;
- every <img> has decoded: complete and naturalWidth > 0, and there is at
  least one;
- an element with each SECTION_ID is present;
- a full-page screenshot (Page.captureScreenshot) is written to SCREENSHOT
  and is not blank: its grey levels vary (standard deviation > 10, and more
  than 1 % of the pixels differ from the most common one), read with PIL
  (Debian python3-pil).

Prints one line per check; exit 0 when all pass, 1 otherwise.
"""
import base64
import json
import os
import pathlib
import select
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT_S = 90


class Browser:
    def __init__(self, profile):
        exe = shutil.which("chromium") or shutil.which("chromium-browser")
        if exe is None:
            sys.exit("no chromium (Debian: apt-get install chromium)")
        to_b_r, self.to_b = os.pipe()
        self.from_b, from_b_w = os.pipe()
        # the pipe protocol reads fd 3 and writes fd 4
        def fds():
            # via fds above 4: dup2 onto the same number would keep the
            # close-on-exec flag os.pipe() sets
            r, w = os.dup(to_b_r), os.dup(from_b_w)
            os.dup2(r, 3)
            os.dup2(w, 4)
        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--user-data-dir=" + profile,
             "--no-first-run", "--disable-extensions",
             "--disable-background-networking", "--disable-sync",
             "--disable-component-update", "--no-default-browser-check",
             "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
             "--hide-scrollbars", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(profile, "chromium.log"), "wb"),
            preexec_fn=fds, close_fds=False)
        os.close(to_b_r)
        os.close(from_b_w)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def _read_msg(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from chromium")
            r, _, _ = select.select([self.from_b], [], [], left)
            if r:
                chunk = os.read(self.from_b, 1 << 20)
                if not chunk:
                    raise EOFError("chromium closed the pipe")
                self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        mid = self.next_id
        msg = {"id": mid, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_b, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            m = self._read_msg(deadline)
            if m.get("id") == mid:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, name):
        for m in self.events:
            if m.get("method") == name:
                return m
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            m = self._read_msg(deadline)
            self.events.append(m)
            if m.get("method") == name:
                return m

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def not_blank(png_path):
    from PIL import Image, ImageStat
    im = Image.open(png_path).convert("L")
    w, h = im.size
    sd = ImageStat.Stat(im).stddev[0]
    hist = im.histogram()
    common = max(hist)
    other = 1 - common / float(w * h)
    return w, h, sd, other, sd > 10 and other > 0.01


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    page = pathlib.Path(sys.argv[1]).resolve()
    shot = sys.argv[2]
    sections = sys.argv[3:]
    failed = []

    def check(ok, what):
        print(("ok: " if ok else "FAIL: ") + what)
        if not ok:
            failed.append(what)

    profile = tempfile.mkdtemp(prefix="dpt-report-chromium.")
    b = Browser(profile)
    try:
        t = b.call("Target.createTarget", {"url": "about:blank"})
        s = b.call("Target.attachToTarget",
                   {"targetId": t["targetId"], "flatten": True})["sessionId"]
        for dom in ("Page", "Runtime", "Log", "Network"):
            b.call(dom + ".enable", session=s)
        b.call("Network.emulateNetworkConditions",
               {"offline": True, "latency": 0, "downloadThroughput": -1,
                "uploadThroughput": -1}, session=s)
        b.call("Emulation.setDeviceMetricsOverride",
               {"width": 1200, "height": 900, "deviceScaleFactor": 1,
                "mobile": False}, session=s)
        b.events.clear()
        b.call("Page.navigate", {"url": page.as_uri()}, session=s)
        b.wait_event("Page.loadEventFired")

        def js(expr):
            r = b.call("Runtime.evaluate",
                       {"expression": expr, "returnByValue": True}, session=s)
            if "exceptionDetails" in r:
                raise RuntimeError(f"{expr}: {r['exceptionDetails']}")
            return r["result"].get("value")

        imgs = js("Array.from(document.images).map(i => [i.complete, "
                  "i.naturalWidth, i.naturalHeight, i.alt])")
        bad = [i for i in imgs if not (i[0] and i[1] > 0 and i[2] > 0)]
        check(len(imgs) > 0 and not bad,
              f"{len(imgs)} image(s), every one decoded (naturalWidth > 0)"
              + (f"; not decoded: {bad}" if bad else ""))
        check(js("document.scripts.length") == 0, "no <script> in the page")
        missing = [x for x in sections
                   if not js(f"document.getElementById({json.dumps(x)}) !== null")]
        check(not missing, f"sections present: {' '.join(sections)}"
              + (f"; missing: {missing}" if missing else ""))
        shot_b64 = b.call("Page.captureScreenshot",
                          {"format": "png", "captureBeyondViewport": True},
                          session=s)["data"]
        with open(shot, "wb") as f:
            f.write(base64.b64decode(shot_b64))
        w, h, sd, other, ok = not_blank(shot)
        check(ok, f"screenshot {w}x{h}: grey level stddev {sd:.1f}, "
              f"{100 * other:.1f} % of pixels not the background")

        errors, fetched = [], []
        for m in b.events:
            meth, p = m.get("method"), m.get("params", {})
            if meth == "Runtime.consoleAPICalled" and p.get("type") in (
                    "error", "warning", "assert"):
                errors.append(f"console {p['type']}: {p.get('args')}")
            elif meth == "Runtime.exceptionThrown":
                errors.append(f"exception: {p.get('exceptionDetails')}")
            elif meth == "Log.entryAdded" and p["entry"]["level"] in (
                    "error", "warning"):
                errors.append(f"log {p['entry']['level']}: {p['entry']['text']}")
            elif meth == "Network.requestWillBeSent":
                url = p["request"]["url"]
                if not url.startswith(("file:", "data:")):
                    fetched.append(url)
            elif meth == "Network.loadingFailed":
                errors.append(f"load failed: {p.get('errorText')}")
        check(not errors, "no console error or warning, no failed load"
              + (f": {errors}" if errors else ""))
        check(not fetched, "nothing fetched from a network"
              + (f": {fetched}" if fetched else ""))
    finally:
        b.close()
        if failed:	# chromium's own messages, then nothing left behind
            try:
                log = open(os.path.join(profile, "chromium.log")).read()
                sys.stderr.write(log[-2000:])
            except OSError:
                pass
        shutil.rmtree(profile, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
