#!/usr/bin/env python3
"""The phone reading the book as the terminal does: right-to-left meals, and a search whose
rows are the server's own.

reading.py PAIRING_ADDRESS MEAL_ID QUERY SCREENSHOT PROFILE_FOLDER

Opens meal MEAL_ID (written right to left) and says the direction the browser lays out its
name, an ingredient and a step in, keeping a screenshot; then searches QUERY as a user types
and compares the rows the script wrote with the rows the server writes for the same search,
and where the search is after a reload. Prints one JSON object.
"""
import json
import sys
import time

import chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def main():
    pairing, meal, query, screenshot, profile = sys.argv[1:6]
    base = pairing.split("/pair")[0]
    driver = chromium.driver(profile)
    wait = WebDriverWait(driver, 10)
    seen = {}
    direction = "return getComputedStyle(document.querySelector(arguments[0])).direction"
    rows = "return Array.from(document.querySelectorAll('#meals li')).map((row) => row.outerHTML)"
    try:
        driver.get(pairing)
        wait.until(lambda d: d.current_url.rstrip("/") == base)
        driver.get(base + "/meal/" + meal)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "article.meal h1"))
        for name, selector in (("name", "article.meal h1"), ("ingredient", "ul.ingredients li"),
                               ("step", "ol.steps li"), ("page", "nav")):
            seen[name] = driver.execute_script(direction, selector)
        driver.save_screenshot(screenshot)
        driver.get(base + "/?q=" + query)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#meals li"))
        seen["serverRows"] = driver.execute_script(rows)
        driver.get(base + "/")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#meals li"))
        driver.find_element(By.ID, "q").send_keys(query)
        wait.until(lambda d: len(d.execute_script(rows)) == len(seen["serverRows"]))
        time.sleep(0.3)
        seen["scriptRows"] = driver.execute_script(rows)
        seen["address"] = driver.execute_script("return location.pathname + location.search")
        driver.refresh()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#meals li"))
        seen["reloadedRows"] = driver.execute_script(rows)
        seen["reloadedQuery"] = driver.find_element(By.ID, "q").get_attribute("value")
    finally:
        driver.quit()
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
