#!/usr/bin/env python3
"""Another page in the phone's browser tries to tick the list with the phone's cookie.

foreign.py PAIRING_ADDRESS ITEM_ID PROFILE_FOLDER

Pairs headless chromium (the cookie is set), then opens a page served from another loopback
port (the same site to a browser: ports do not count, so SameSite sends the cookie) that
ticks item ITEM_ID twice: a no-cors `fetch` with a text body, and a form that submits itself
as text/plain. Prints what the page saw and the list as the paired phone then reads it.
"""
import http.server
import json
import sys
import threading

import chromium
from selenium.webdriver.support.ui import WebDriverWait

ATTACK = """<!doctype html><meta charset="utf-8"><title>Recipes you'll love</title>
<form id="f" method="POST" enctype="text/plain" action="{base}/api/shopping/{item}" target="sink">
<input name='{{"ticked": true, "x": "' value='"}}'></form><iframe name="sink"></iframe>
<p id="said">waiting</p>
<script>
fetch("{base}/api/shopping/{item}", {{method: "POST", mode: "no-cors", credentials: "include",
  body: JSON.stringify({{ticked: true}})}})
  .then(() => "fetch sent", e => "fetch failed: " + e)
  .then(text => {{ document.getElementById("said").textContent = text;
                   document.getElementById("f").submit(); }});
</script>"""


def main():
    pairing, item, profile = sys.argv[1:4]
    base = pairing.split("/pair")[0]
    page = ATTACK.format(base=base, item=item).encode()

    class Attacker(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    attacker = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Attacker)
    threading.Thread(target=attacker.serve_forever, daemon=True).start()
    driver = chromium.driver(profile, phone=False)
    seen = {}
    try:
        driver.get(pairing)
        WebDriverWait(driver, 10).until(lambda d: d.current_url.rstrip("/") == base)
        driver.get("http://127.0.0.1:%d/" % attacker.server_address[1])
        WebDriverWait(driver, 10).until(
            lambda d: d.execute_script("return document.getElementById('said').textContent")
            != "waiting")
        seen["fetch"] = driver.execute_script("return document.getElementById('said').textContent")
        # The form's answer lands in the frame (an error page of the server's, or nothing).
        WebDriverWait(driver, 10).until(
            lambda d: d.execute_script(
                "try { return frames[0].location.href !== 'about:blank' } catch (e) { return true }"))
        driver.get(base + "/api/shopping")
        seen["list"] = json.loads(driver.find_element("tag name", "pre").text
                                  if driver.find_elements("tag name", "pre")
                                  else driver.find_element("tag name", "body").text)
    finally:
        driver.quit()
        attacker.shutdown()
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
