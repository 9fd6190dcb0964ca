#!/usr/bin/env python3
"""A phone in the kitchen, played by headless chromium at 390x844 through Selenium.

phone.py PAIRING_ADDRESS SEARCH SCREENSHOT_FOLDER PROFILE_FOLDER

Pairs, searches as a user types, opens the one meal found, scales it to 8, goes through Cook
Mode's steps, ticks the first shopping item; prints what it saw as one JSON object, and keeps
screenshots of the book, the meal, Cook Mode and the list (with how many colours each has, so
the test can tell a page from a blank one).
"""
import json
import os
import struct
import sys
import zlib

import chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def colours(png):
    """How many different colours a PNG screenshot has (8-bit RGB or RGBA, not interlaced)."""
    at, width, height, kind, idat = 8, 0, 0, 0, b""
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        name, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        if name == b"IHDR":
            width, height, depth, kind = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and kind in (2, 6), "an RGB(A) screenshot"
        elif name == b"IDAT":
            idat += body
        at += 12 + length
    size = 3 if kind == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * size, [], bytearray(width * size)
    for y in range(height):
        kind_of_filter = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - size] if x >= size else 0
            b = previous[x]
            c = previous[x - size] if x >= size else 0
            if kind_of_filter == 1:
                line[x] = (line[x] + a) & 255
            elif kind_of_filter == 2:
                line[x] = (line[x] + b) & 255
            elif kind_of_filter == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind_of_filter == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    seen = set()
    for line in rows[::4]:
        for x in range(0, stride, size * 4):
            seen.add(line[x : x + 3])
    return len(seen)


def main():
    pairing, search, folder, profile = sys.argv[1:5]
    base = pairing.split("/pair")[0]
    driver = chromium.driver(profile)
    wait = WebDriverWait(driver, 10)
    seen = {"screenshots": {}}

    def shot(name):
        path = os.path.join(folder, name + ".png")
        driver.save_screenshot(path)
        with open(path, "rb") as file:
            seen["screenshots"][name] = colours(file.read())

    def fits():
        return driver.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth")

    try:
        driver.get(pairing)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#meals li"))
        seen["book"] = [row.text.split("\n")[0] for row in driver.find_elements(By.CSS_SELECTOR, "#meals .name")]
        seen["width"] = driver.execute_script("return window.innerWidth")
        box = driver.find_element(By.ID, "q")
        box.send_keys(search)
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#meals li")) == 1)
        seen["found"] = driver.find_element(By.CSS_SELECTOR, "#meals .name").text
        seen["bookFits"] = fits()
        shot("book")
        driver.find_element(By.CSS_SELECTOR, "#meals li a").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "article.meal h1"))
        servings = driver.find_element(By.NAME, "servings")
        servings.clear()
        servings.send_keys("8")
        servings.submit()
        wait.until(lambda d: "servings=8" in d.current_url)
        seen["meal"] = driver.find_element(By.CSS_SELECTOR, "article.meal h1").text
        seen["measures"] = [m.text for m in driver.find_elements(By.CSS_SELECTOR, ".ingredients .measure")]
        seen["mealFits"] = fits()
        shot("meal")
        driver.find_element(By.LINK_TEXT, "Cook").click()
        wait.until(lambda d: "one-step" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        steps = []
        while True:
            shown = [s for s in driver.find_elements(By.CSS_SELECTOR, ".step") if s.is_displayed()]
            steps.append([s.find_element(By.CSS_SELECTOR, ".step-number").text for s in shown])
            if len(steps) == 2:
                shot("cook")
            following = driver.find_element(By.ID, "next")
            if not following.is_enabled() or len(steps) > 20:
                break
            following.click()
        seen["steps"] = steps
        seen["cookFits"] = fits()
        # On the last step, "Cooked it" writes the cook log and says so.
        cooked = driver.find_element(By.ID, "cooked")
        seen["cookedShown"] = cooked.is_displayed()
        cooked.click()
        said = driver.find_element(By.ID, "cooked-said")
        wait.until(lambda d: said.text != "")
        seen["cookedSaid"] = said.text
        shot("cooked")
        driver.get(base + "/shopping")
        first = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#shopping input[type=checkbox]"))
        wait.until(lambda d: first.is_enabled())
        seen["tickedBefore"] = first.is_selected()
        first.click()
        row = first.find_element(By.XPATH, "ancestor::li")
        wait.until(lambda d: ("ticked" in (row.get_attribute("class") or "")) != seen["tickedBefore"])
        seen["tickedAfter"] = first.is_selected()
        seen["tickedItem"] = first.get_attribute("data-id")
        shot("shopping")
    finally:
        driver.quit()
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
