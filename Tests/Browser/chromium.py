"""Debian's headless chromium through Selenium, as the phone tests drive it."""
import os

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def driver(profile, phone=True, touch=False):
    """A headless chromium with its profile in `profile` (the test's own folder): a phone's
    viewport of 390x844 when `phone` (headless windows are at least 500 px wide), with touch
    events when `touch`."""
    # With no sound server running, chromium's PulseAudio client makes its runtime folder in
    # TMPDIR (`pulse-…`) when a page touches audio (Cook Mode's timers): in the profile, it
    # goes with it.
    os.environ["PULSE_RUNTIME_PATH"] = os.path.join(profile, "pulse")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=390,844", "--force-device-scale-factor=1",
                     "--user-data-dir=" + profile):
        options.add_argument(argument)
    if phone:
        metrics = {"width": 390, "height": 844, "pixelRatio": 1.0}
        if touch:
            metrics["touch"] = True
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
