#!/usr/bin/env python3
"""Cook Mode on a phone at the stove, played by headless chromium at 390x844 with touch.

cook.py PAIRING_ADDRESS MEAL_ID SCREENSHOT PROFILE_FOLDER

Pairs, opens Cook Mode of MEAL_ID (a meal whose first step gives a time), starts the step's
timer, and then does what a cook does: the next step, a reload, a visit to the shopping list
and back, a swipe from the screen's edge, a scroll that drifts sideways, a real swipe back,
Space on the focused timer; then a timer that ended while the page was closed. Prints what the
page showed after each as one JSON object (the step's number, the bar of timers, the address)
and keeps a screenshot of the bar on the second step.
"""
import json
import sys
import time

import chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def main():
    pairing, meal, screenshot, profile = sys.argv[1:5]
    base = pairing.split("/pair")[0]
    driver = chromium.driver(profile, touch=True)
    wait = WebDriverWait(driver, 20)
    seen = {}

    def look():
        shown = [s for s in driver.find_elements(By.CSS_SELECTOR, ".step") if s.is_displayed()]
        return {
            "step": [s.find_element(By.CSS_SELECTOR, ".step-number").text for s in shown],
            # Read in one go: the bar is drawn again every second, and an element found
            # before it is gone by the time its text is asked for.
            "bar": [t.strip() for t in driver.execute_script(
                "return [...document.querySelectorAll('#timers button')].map(b => b.innerText)")],
            "path": driver.execute_script("return location.pathname"),
        }

    def cook():
        driver.get(base + "/cook/" + meal)
        wait.until(lambda d: "one-step" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        wait.until(lambda d: look()["step"])
        time.sleep(0.3)

    def swipe(x1, y1, x2, y2):
        touch = lambda kind, x, y: driver.execute_cdp_cmd(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})
        touch("touchStart", x1, y1)
        for i in range(1, 6):
            touch("touchMove", x1 + (x2 - x1) * i / 5, y1 + (y2 - y1) * i / 5)
        touch("touchEnd", x2, y2)
        time.sleep(0.4)

    try:
        driver.get(pairing)
        wait.until(lambda d: d.current_url.rstrip("/") == base)
        cook()
        driver.find_element(By.ID, "next").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".step.current button.timer"))
        driver.find_element(By.CSS_SELECTOR, ".step.current button.timer").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#timers button"))
        seen["started"] = look()
        driver.find_element(By.ID, "next").click()
        wait.until(lambda d: "Step 2" in " ".join(look()["step"]))
        time.sleep(1.2)
        seen["next"] = look()
        driver.save_screenshot(screenshot)
        driver.refresh()
        wait.until(lambda d: "one-step" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        time.sleep(0.3)
        seen["reloaded"] = look()
        driver.find_element(By.LINK_TEXT, "Shopping").click()
        wait.until(lambda d: d.find_elements(By.ID, "shopping"))
        cook()
        seen["back"] = look()
        swipe(4, 400, 250, 405)
        seen["edgeSwipe"] = look()
        swipe(200, 650, 275, 450)
        seen["driftingScroll"] = look()
        swipe(100, 400, 320, 410)
        seen["swipeBack"] = look()
        timer = driver.find_element(By.CSS_SELECTOR, ".step.current button.timer")
        driver.execute_script("arguments[0].focus()", timer)
        timer.send_keys(Keys.SPACE)
        time.sleep(0.4)
        seen["spaceOnTimer"] = look()
        # A timer that ended while the page was closed: it says so when the page opens.
        timer.click()
        driver.execute_script(
            "const k = 'meals.cook.' + arguments[0]; const s = JSON.parse(localStorage.getItem(k));"
            "s.timers.forEach((t) => { t.end = Date.now() - 5000; }); localStorage.setItem(k, JSON.stringify(s));",
            meal)
        driver.refresh()
        wait.until(lambda d: "one-step" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        time.sleep(0.5)
        seen["endedWhileClosed"] = look()
        seen["timerButton"] = driver.find_element(By.CSS_SELECTOR, "button.timer").text
    finally:
        driver.quit()
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
