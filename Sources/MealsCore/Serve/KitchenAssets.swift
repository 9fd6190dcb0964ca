/// The pages' own style and script, served at `/app.css` and `/app.js` (no framework).
///
/// The script only adds to pages that read without it: search as you type, one Cook Mode step
/// at a time with timers and the screen kept awake, and the shopping list's ticks, live.
public enum KitchenAssets {
  /// Phone first (320 px and up), a wider column on a tablet; dark or light as the phone is.
  public static let style = """
    :root { color-scheme: light dark; --ink: #1d1d1f; --paper: #fafaf7; --muted: #6b6b6b;
      --accent: #b34700; --line: #ddd; font-family: system-ui, sans-serif; }
    @media (prefers-color-scheme: dark) {
      :root { --ink: #eee; --paper: #151515; --muted: #a0a0a0; --accent: #ff9d5c; --line: #333; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--paper); color: var(--ink); font-size: 17px;
      line-height: 1.45; overflow-wrap: anywhere; }
    header nav { display: flex; gap: 1.2em; padding: .7em 1em; border-bottom: 1px solid var(--line); }
    a { color: var(--accent); }
    header a { text-decoration: none; font-weight: 600; }
    main { max-width: 46em; margin: 0 auto; padding: .5em 1em 6em; }
    h1 { font-size: 1.6em; margin: .4em 0; }
    .note, .count, .facts, .from, .fields, .summary, .step-number { color: var(--muted); }
    .search { display: flex; flex-wrap: wrap; gap: .5em; align-items: center; }
    .search input[type=search] { flex: 1 1 12em; font-size: 1em; padding: .5em; }
    select, button, input { font-size: 1em; }
    button, .button { padding: .5em 1em; border-radius: .4em; border: 1px solid var(--line);
      background: transparent; color: var(--accent); text-decoration: none; display: inline-block; }
    ul.meals { list-style: none; padding: 0; }
    ul.meals li a { display: block; padding: .6em 0; border-bottom: 1px solid var(--line);
      text-decoration: none; color: var(--ink); }
    ul.meals .name { font-weight: 600; margin-right: .5em; }
    ul.meals .summary { display: block; font-size: .9em; white-space: nowrap; overflow: hidden;
      text-overflow: ellipsis; }
    img.photo { width: 100%; max-height: 22em; object-fit: cover; border-radius: .5em; }
    ul.ingredients { padding-left: 1.2em; }
    .measure { font-weight: 600; }
    ul.shopping { list-style: none; padding: 0; }
    ul.shopping li { padding: .55em 0; border-bottom: 1px solid var(--line); }
    ul.shopping input { width: 1.4em; height: 1.4em; vertical-align: middle; }
    ul.shopping li.ticked .ingredient, ul.shopping li.ticked .measure {
      text-decoration: line-through; color: var(--muted); }
    ul.shopping .from { font-size: .85em; display: block; margin-left: 2em; }
    .step { border-top: 1px solid var(--line); padding: .5em 0 1em; }
    .step-text { font-size: 1.5em; line-height: 1.4; }
    .cook-nav { display: none; }
    body.one-step .step { display: none; border: 0; }
    body.one-step .step.current { display: block; }
    body.one-step .cook-nav { display: flex; gap: 1em; position: fixed; left: 0; right: 0;
      bottom: 0; padding: .8em 1em; background: var(--paper); border-top: 1px solid var(--line); }
    body.one-step .cook-nav button { flex: 1; font-size: 1.2em; padding: .8em; }
    button.timer { margin: .3em .3em 0 0; }
    button.timer.running { color: var(--ink); border-color: var(--accent); }
    button.timer.done { background: var(--accent); color: var(--paper); }
    .day h2 { font-size: 1.1em; margin-bottom: .2em; }
    .slot { display: inline-block; min-width: 6em; color: var(--muted); }
    @media (min-width: 700px) { body { font-size: 19px; } }

    """

  /// The script: no framework, no inline code, text always set as text (never as HTML).
  public static let script = """
    'use strict';
    (function () {
      const page = document.body.dataset.page;
      const json = (address, options) => fetch(address, Object.assign({ credentials: 'same-origin' }, options))
        .then((response) => { if (!response.ok) throw new Error(response.status); return response.json(); });

      // The book: search as you type.
      if (page === 'book') {
        const box = document.getElementById('q');
        const list = document.getElementById('meals');
        const count = document.getElementById('count');
        let asked = 0;
        const search = () => {
          const mine = ++asked;
          const form = new URLSearchParams(new FormData(box.form));
          json('/api/meals?' + form.toString()).then((answer) => {
            if (mine !== asked) return;
            list.replaceChildren(...answer.meals.map((meal) => {
              const item = document.createElement('li');
              const link = document.createElement('a');
              link.href = '/meal/' + meal.id;
              const name = document.createElement('span');
              name.className = 'name';
              name.textContent = meal.name + (meal.favourite ? ' ★' : '');
              const summary = document.createElement('span');
              summary.className = 'summary';
              summary.textContent = meal.summary;
              link.append(name, summary);
              item.append(link);
              return item;
            }));
            count.textContent = answer.total === 0 ? 'No meals.' : answer.total === 1 ? '1 meal.'
              : answer.total === answer.meals.length ? answer.total + ' meals.'
              : answer.total + ' meals; the first ' + answer.meals.length + ' shown: search to find the others.';
          }).catch(() => { count.textContent = 'The book could not be read; try again.'; });
        };
        box.addEventListener('input', search);
        box.form.addEventListener('change', search);
      }

      // Cook Mode: one step at a time, swipes and keys, timers, the screen kept awake.
      if (page === 'cook') {
        const steps = Array.from(document.querySelectorAll('.step'));
        let current = 0;
        const show = (index) => {
          current = Math.max(0, Math.min(steps.length - 1, index));
          steps.forEach((step, i) => step.classList.toggle('current', i === current));
          document.getElementById('previous').disabled = current === 0;
          document.getElementById('next').disabled = current === steps.length - 1;
          window.scrollTo(0, 0);
        };
        document.body.classList.add('one-step');
        document.getElementById('previous').addEventListener('click', () => show(current - 1));
        document.getElementById('next').addEventListener('click', () => show(current + 1));
        document.addEventListener('keydown', (event) => {
          if (event.key === 'ArrowRight' || event.key === ' ') show(current + 1);
          if (event.key === 'ArrowLeft') show(current - 1);
        });
        let startX = null;
        document.addEventListener('touchstart', (event) => { startX = event.touches[0].clientX; }, { passive: true });
        document.addEventListener('touchend', (event) => {
          if (startX === null) return;
          const moved = event.changedTouches[0].clientX - startX;
          if (Math.abs(moved) > 60) show(current + (moved < 0 ? 1 : -1));
          startX = null;
        });
        show(0);
        let lock = null;
        const keepAwake = () => {
          if (!('wakeLock' in navigator) || document.visibilityState !== 'visible') return;
          navigator.wakeLock.request('screen').then((got) => { lock = got; }).catch(() => {});
        };
        keepAwake();
        document.addEventListener('visibilitychange', keepAwake);
        const ring = () => {
          if (navigator.vibrate) navigator.vibrate([400, 200, 400, 200, 400]);
          try {
            const sound = new AudioContext();
            [0, 0.6, 1.2].forEach((at) => {
              const tone = sound.createOscillator();
              tone.frequency.value = 880;
              tone.connect(sound.destination);
              tone.start(sound.currentTime + at);
              tone.stop(sound.currentTime + at + 0.35);
            });
          } catch (error) { /* no sound here */ }
        };
        document.querySelectorAll('button.timer').forEach((button) => {
          const label = button.textContent;
          let timer = null;
          button.addEventListener('click', () => {
            if (timer) { clearInterval(timer); timer = null; button.className = 'timer'; button.textContent = label; return; }
            const end = Date.now() + Number(button.dataset.seconds) * 1000;
            button.className = 'timer running';
            const tick = () => {
              const left = Math.max(0, Math.round((end - Date.now()) / 1000));
              button.textContent = Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0') + ' left';
              if (left === 0) { clearInterval(timer); timer = null; button.className = 'timer done'; button.textContent = 'Done: ' + label; ring(); }
            };
            tick();
            timer = setInterval(tick, 250);
          });
        });
      }

      // The shopping list: ticks sent at once, others' ticks shown as they come.
      if (page === 'shopping') {
        const list = document.getElementById('shopping');
        const boxes = () => Array.from(list.querySelectorAll('input[type=checkbox]'));
        boxes().forEach((box) => { box.disabled = false; });
        list.addEventListener('change', (event) => {
          const box = event.target;
          box.closest('li').classList.toggle('ticked', box.checked);
          json('/api/shopping/' + box.dataset.id, {
            method: 'POST', headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ ticked: box.checked }),
          }).catch(() => { box.checked = !box.checked; box.closest('li').classList.toggle('ticked', box.checked); });
        });
        const refresh = () => json('/api/shopping').then((items) => {
          const byID = new Map(items.map((item) => [String(item.id), item]));
          boxes().forEach((box) => {
            const item = byID.get(box.dataset.id);
            if (!item) { box.closest('li').remove(); return; }
            box.checked = item.ticked;
            box.closest('li').classList.toggle('ticked', item.ticked);
          });
          if (items.some((item) => !list.querySelector('input[data-id="' + item.id + '"]'))) location.reload();
        }).catch(() => {});
        if ('EventSource' in window) {
          const events = new EventSource('/api/events');
          events.addEventListener('change', refresh);
        }
      }
    })();

    """
}
