#!/usr/bin/env python3
"""The phone in the shop, where meals cannot be reached, played by headless chromium.

offline.py PROFILE_FOLDER

Reads one command a line and answers each with one JSON line (the list as the page shows it:
each item's id, whether it is ticked and whether it is marked waiting, and what the page
says of waiting ticks):
  open ADDRESS     pair at ADDRESS, open the shopping list, wait for the service worker
  tick ID          tap item ID's box
  reload           reload the page (from the phone's copy when meals is away)
  until-sent       wait (20 s at most) until nothing is marked waiting
  until-ticked ID  wait (20 s at most) until item ID shows ticked
  state            the list as it is
  visit ADDRESS    open ADDRESS (a page never opened): its title and heading
  shot PATH        a screenshot of the page, to look at
  quit
"""
import json
import sys
import time

import chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def main():
    profile = sys.argv[1]
    driver = chromium.driver(profile)
    wait = WebDriverWait(driver, 20)

    def state():
        rows = []
        for row in driver.find_elements(By.CSS_SELECTOR, "#shopping li:not(.aisle)"):
            box = row.find_element(By.CSS_SELECTOR, "input[type=checkbox]")
            rows.append({"id": int(box.get_attribute("data-id")), "ticked": box.is_selected(),
                         "waiting": "waiting" in (row.get_attribute("class") or "").split()})
        said = driver.find_elements(By.ID, "waiting")
        return {"items": rows, "said": said[0].text if said else None,
                "title": driver.title}

    def listed(d):
        return d.find_elements(By.CSS_SELECTOR, "#shopping li input:not([disabled])")

    try:
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            command, rest = words[0], words[1:]
            answer = {}
            try:
                if command == "open":
                    base = rest[0].split("/pair")[0]
                    driver.get(rest[0])
                    wait.until(lambda d: d.current_url.rstrip("/") == base)
                    driver.get(base + "/shopping")
                    wait.until(listed)
                    # The worker keeps the pages once it is active; a page opened before that
                    # is controlled from its next load, as a phone's next visit is.
                    driver.set_script_timeout(30)
                    driver.execute_async_script(
                        "navigator.serviceWorker.ready.then(() => arguments[0](true))")
                    for _ in range(20):
                        if driver.execute_script("return Boolean(navigator.serviceWorker.controller)"):
                            break
                        driver.refresh()
                        wait.until(listed)
                    answer = state()
                    answer["controlled"] = driver.execute_script(
                        "return Boolean(navigator.serviceWorker.controller)")
                elif command == "tick":
                    driver.find_element(By.CSS_SELECTOR, 'input[data-id="%s"]' % rest[0]).click()
                    time.sleep(1)
                    answer = state()
                elif command == "reload":
                    driver.refresh()
                    wait.until(listed)
                    time.sleep(0.5)
                    answer = state()
                elif command == "until-sent":
                    wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#shopping li.waiting"))
                    answer = state()
                elif command == "until-ticked":
                    wait.until(lambda d: d.find_element(
                        By.CSS_SELECTOR, 'input[data-id="%s"]' % rest[0]).is_selected())
                    answer = state()
                elif command == "state":
                    answer = state()
                elif command == "visit":
                    driver.get(rest[0])
                    heading = driver.find_elements(By.TAG_NAME, "h1")
                    answer = {"title": driver.title, "h1": heading[0].text if heading else None}
                    driver.back()
                    wait.until(listed)
                elif command == "shot":
                    driver.save_screenshot(rest[0])
                    answer = state()
                elif command == "quit":
                    break
            except Exception as error:  # said to the test, which fails with it
                answer = {"error": "%s: %s" % (type(error).__name__, error), "state": state()}
            print(json.dumps(answer), flush=True)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
