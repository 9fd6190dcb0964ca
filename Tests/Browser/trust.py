"""A phone that installed meals' certificate authority, as Chromium on Linux trusts one: in
the NSS database of its home (certutil). Prints what the page shows and whether the service
worker runs over HTTPS; with "stranger", the same phone without the authority.

Usage: trust.py ADDRESS CA_FILE HOME PROFILE (trusting|stranger)"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def main():
    address, authority, home, profile, mode = sys.argv[1:6]
    database = "sql:" + os.path.join(home, ".pki", "nssdb")
    os.makedirs(os.path.join(home, ".pki", "nssdb"), exist_ok=True)
    subprocess.run(["certutil", "-d", database, "-N", "--empty-password"], check=True,
                   capture_output=True)
    if mode == "trusting":
        subprocess.run(["certutil", "-d", database, "-A", "-t", "C,,", "-n", "meals",
                        "-i", authority], check=True, capture_output=True)
    # Chromium (through chromedriver) reads the NSS database of $HOME.
    os.environ["HOME"] = home
    import chromium
    driver = chromium.driver(profile, touch=True)
    try:
        driver.set_page_load_timeout(20)
        driver.get(address)
        seen = {"title": driver.title, "url": driver.current_url}
        if mode == "stranger":
            print(json.dumps(seen))
            return
        seen["worker"] = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            if (!('serviceWorker' in navigator)) { done('no service worker'); return; }
            setTimeout(() => done('not ready in 10 s'), 10000);
            navigator.serviceWorker.ready.then((r) => done(r.active ? 'active' : 'waiting'),
                                                (e) => done(String(e)));
        """)
        seen["secure"] = driver.execute_script("return window.isSecureContext")
        # The page that says how to install it, through axe-core, light and dark.
        from axe_selenium_python import Axe
        seen["violations"] = []
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.get(address.split("/pair")[0] + "/trust")
            seen["trust"] = driver.find_element("tag name", "h1").text
            axe = Axe(driver)
            axe.inject()
            for violation in axe.run()["violations"]:
                seen["violations"].append({"scheme": scheme, "rule": violation["id"],
                                           "impact": violation.get("impact")})
        print(json.dumps(seen))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
