#!/usr/bin/env python3
"""axe-core (through axe-selenium-python) on every page of the phone's book, light and dark.

axe.py PAIRING_ADDRESS MEAL_ID PROFILE_FOLDER

Pairs headless chromium at a phone's size, then runs axe on the book, a meal, its Cook Mode
(on a step with a running timer), the week plan, the shopping list and the page that says a
phone is not paired, once in the light scheme and once in the dark. Prints one JSON object:
the pages looked at and every violation (page, scheme, rule, impact, where).
"""
import json
import sys
import time

from axe_selenium_python import Axe
import chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def main():
    pairing, meal, profile = sys.argv[1:4]
    base = pairing.split("/pair")[0]
    driver = chromium.driver(profile, touch=True)
    wait = WebDriverWait(driver, 10)
    seen = {"pages": [], "violations": []}

    def check(name, scheme):
        axe = Axe(driver)
        axe.inject()
        results = axe.run()
        seen["pages"].append(name + " " + scheme)
        for violation in results["violations"]:
            seen["violations"].append({
                "page": name, "scheme": scheme, "rule": violation["id"],
                "impact": violation.get("impact"),
                "where": [node["target"] for node in violation["nodes"]][:3],
            })

    try:
        driver.get(pairing)
        wait.until(lambda d: d.current_url.rstrip("/") == base)
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for name, address in (("book", "/"), ("meal", "/meal/" + meal),
                                  ("plan", "/plan"), ("shopping", "/shopping")):
                driver.get(base + address)
                wait.until(lambda d: d.find_elements(By.TAG_NAME, "main"))
                time.sleep(0.3)
                check(name, scheme)
            driver.get(base + "/cook/" + meal)
            wait.until(lambda d: "one-step" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
            driver.find_element(By.ID, "next").click()
            timers = driver.find_elements(By.CSS_SELECTOR, ".step.current button.timer")
            if timers:
                timers[0].click()
            time.sleep(0.3)
            check("cook", scheme)
            # The page a stranger gets (no cookie: a fresh request without it).
            driver.delete_all_cookies()
            driver.get(base + "/shopping")
            wait.until(lambda d: d.find_elements(By.TAG_NAME, "main"))
            check("not paired", scheme)
            driver.get(pairing)
            wait.until(lambda d: d.current_url.rstrip("/") == base)
    finally:
        driver.quit()
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
