import Translation

/// The pages' own style and script, served at `/app.css` and `/app.js` (no framework).
///
/// The script only adds to pages that read without it: search as you type, one Cook Mode step
/// at a time with timers and the screen kept awake, and the shopping list's ticks, live.
public enum PhoneAssets {
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
    select { min-height: 44px; }
    input[type=checkbox] { width: 1.4em; height: 1.4em; vertical-align: middle; }
    .search label, .planned a, .weeks a { display: inline-block; min-height: 44px; line-height: 44px; }
    .servings input[type=number] { min-height: 44px; width: 4.5em; padding: .3em; }
    button, .button { padding: .5em 1em; border-radius: .4em; border: 1px solid var(--line);
      background: transparent; color: var(--accent); text-decoration: none; display: inline-block;
      min-height: 44px; }
    button:disabled { color: var(--muted); opacity: .45; }
    ul.meals { list-style: none; padding: 0; }
    ul.meals li a { display: block; padding: .6em 0; border-bottom: 1px solid var(--line);
      text-decoration: none; color: var(--ink); }
    ul.meals .name { font-weight: 600; margin-right: .5em; }
    ul.meals img.thumb { float: left; width: 48px; height: 48px; object-fit: cover;
      border-radius: .3em; margin: 0 .7em 0 0; }
    ul.meals li a::after { content: ""; display: block; clear: both; }
    ul.meals .summary { display: block; font-size: .9em; white-space: nowrap; overflow: hidden;
      text-overflow: ellipsis; }
    img.photo { width: 100%; max-height: 22em; object-fit: cover; border-radius: .5em; }
    ul.ingredients, ol.steps { padding-inline: 1.4em; }
    .measure { font-weight: 600; }
    ul.shopping { list-style: none; padding: 0; }
    ul.shopping li { padding: .55em 0; border-bottom: 1px solid var(--line); }
    ul.shopping input { width: 1.4em; height: 1.4em; vertical-align: middle; }
    ul.shopping li.ticked .ingredient, ul.shopping li.ticked .measure {
      text-decoration: line-through; color: var(--muted); }
    ul.shopping .from { font-size: .85em; display: block; margin-left: 2em; }
    ul.shopping li.at-home { opacity: .7; }
    ul.shopping li.aisle { padding: 1em 0 .2em; }
    ul.shopping li.aisle h2 { font-size: 1em; margin: 0; color: var(--accent); }
    .step { border-top: 1px solid var(--line); padding: .5em 0 1em; }
    .step-text { font-size: 1.5em; line-height: 1.4; }
    .cook-nav { display: none; }
    .cooked-it button { font-size: 1.1em; padding: .6em 1.2em; }
    .cooked-said { font-weight: bold; }
    body.one-step .step { display: none; border: 0; }
    body.one-step .step.current { display: block; }
    body.one-step .cook-nav { display: flex; gap: 1em; position: fixed; left: 0; right: 0;
      bottom: 0; padding: .8em 1em; background: var(--paper); border-top: 1px solid var(--line); }
    body.one-step .cook-nav button { flex: 1; font-size: 1.2em; padding: .8em; }
    button.timer { margin: .3em .3em 0 0; }
    body.one-step main { touch-action: pan-y; }
    html:has(body.one-step) { overscroll-behavior-x: none; }
    .timers { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; gap: .4em;
      background: var(--paper); }
    .timers:empty { display: none; }
    .timers button { padding: .6em .8em; min-height: 44px; }
    .timers button.done { background: var(--accent); color: var(--paper); }
    .said { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    ul.step-ingredients { list-style: none; padding-left: 0; }
    ul.step-ingredients input { width: 1.3em; height: 1.3em; vertical-align: middle; }
    button.timer.running { color: var(--ink); border-color: var(--accent); }
    button.timer.done { background: var(--accent); color: var(--paper); }
    .waiting-mark { color: var(--accent); font-size: .85em; margin-left: .5em; }
    #waiting:empty { display: none; }
    .day h2 { font-size: 1.1em; margin-bottom: .2em; }
    .slot { display: inline-block; min-width: 6em; color: var(--muted); }
    @media (min-width: 700px) { body { font-size: 19px; } }

    """

  /// The script: no framework, no inline code, text always set as text (never as HTML).
  public static let script = """
    'use strict';
    (function () {
      const page = document.body.dataset.page;
      // The page's language: the server gives the script its words (English when none).
      const words = (() => {
        try { return JSON.parse(document.body.dataset.words || '{}'); } catch (error) { return {}; }
      })();
      const say = (text, value) => (words[text] || text).replace('%s', value);
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
            // The rows as the server writes them (PhonePages.bookRow).
            const part = (kind, text) => {
              const span = document.createElement('span');
              span.className = kind;
              span.dir = 'auto';
              span.textContent = text;
              return span;
            };
            list.replaceChildren(...answer.meals.map((meal) => {
              const item = document.createElement('li');
              const link = document.createElement('a');
              link.href = '/meal/' + meal.id;
              if (meal.photo) {
                const thumb = document.createElement('img');
                thumb.className = 'thumb';
                thumb.src = '/photo/' + meal.id;
                thumb.alt = '';
                thumb.loading = 'lazy';
                thumb.width = 48;
                thumb.height = 48;
                link.append(thumb);
              }
              link.append(part('name', meal.name));
              if (meal.fields) link.append(part('fields', meal.fields));
              link.append(part('summary', meal.summary));
              item.append(link);
              return item;
            }));
            // The search is in the address: Back and a reload come to the same rows.
            history.replaceState(null, '', form.toString() ? '/?' + form.toString() : '/');
            // The server says it in the page's language.
            count.textContent = answer.said;
          }).catch(() => { count.textContent = say('The book could not be read; try again.'); });
        };
        box.addEventListener('input', search);
        box.form.addEventListener('change', search);
      }

      // Cook Mode: one step at a time, swipes and keys, timers, the screen kept awake. The
      // step, the running timers (by their end time) and the ingredients ticked off are kept
      // on the phone per meal: a reload, a locked phone or a visit to another page loses none.
      if (page === 'cook') {
        const meal = document.querySelector('.cook-title').dataset.meal;
        const key = 'meals.cook.' + meal;
        let saved = {};
        try { saved = JSON.parse(localStorage.getItem(key) || '{}') || {}; } catch (error) { saved = {}; }
        if (!Array.isArray(saved.timers)) saved.timers = [];
        if (!Array.isArray(saved.added)) saved.added = [];
        const keep = () => { try { localStorage.setItem(key, JSON.stringify(saved)); } catch (error) { /* private mode */ } };
        const steps = Array.from(document.querySelectorAll('.step'));
        const bar = document.getElementById('timers');
        const said = document.getElementById('step-said');
        const buttons = Array.from(document.querySelectorAll('button.timer'));
        let current = 0;
        const clock = (seconds) => {
          const hours = Math.floor(seconds / 3600);
          const minutes = Math.floor((seconds % 3600) / 60);
          const rest = String(seconds % 60).padStart(2, '0');
          return hours > 0 ? hours + ':' + String(minutes).padStart(2, '0') + ':' + rest : minutes + ':' + rest;
        };
        const show = (index) => {
          current = Math.max(0, Math.min(steps.length - 1, index));
          steps.forEach((step, i) => step.classList.toggle('current', i === current));
          document.getElementById('previous').disabled = current === 0;
          document.getElementById('next').disabled = current === steps.length - 1;
          saved.step = current;
          keep();
          said.textContent = steps[current].querySelector('.step-number').textContent;
          window.scrollTo(0, 0);
        };
        document.body.classList.add('one-step');
        // "Cooked it", on the last step: an entry in the cook log for today.
        const cooked = document.getElementById('cooked');
        if (cooked) {
          cooked.addEventListener('click', () => {
            const told = document.getElementById('cooked-said');
            const body = { at: Date.now() };
            if (cooked.dataset.servings) body.servings = Number(cooked.dataset.servings);
            cooked.disabled = true;
            fetch('/api/cooked/' + meal, {
              method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            }).then((response) => { if (!response.ok) throw new Error(response.status); return response.json(); })
              .then((answer) => {
                told.textContent = answer.times > 1
                  ? say('In the cook log: cooked %s times.', answer.times) : say('In the cook log.');
              })
              .catch(() => {
                cooked.disabled = false;
                told.textContent = say('Not logged: meals cannot be reached now. Try again when it can.');
              });
          });
        }
        document.getElementById('previous').addEventListener('click', () => show(current - 1));
        document.getElementById('next').addEventListener('click', () => show(current + 1));
        // Space and Enter on a button, a link or a box do what it says, never turn the step.
        document.addEventListener('keydown', (event) => {
          if (event.target.closest && event.target.closest('button, a, input, select, textarea, label')) return;
          if (event.key === 'ArrowRight' || event.key === ' ') { event.preventDefault(); show(current + 1); }
          if (event.key === 'ArrowLeft') show(current - 1);
        });
        // A swipe turns the step only when mostly sideways (over twice the vertical) and not
        // from the screen's edge (where the browser's own back gesture starts).
        let start = null;
        document.addEventListener('touchstart', (event) => {
          const touch = event.touches[0];
          const edge = 24;
          start = event.touches.length > 1 || touch.clientX < edge || touch.clientX > window.innerWidth - edge
            ? null : { x: touch.clientX, y: touch.clientY };
        }, { passive: true });
        document.addEventListener('touchend', (event) => {
          if (start === null) return;
          const touch = event.changedTouches[0];
          const across = touch.clientX - start.x;
          const down = touch.clientY - start.y;
          start = null;
          if (Math.abs(across) > 60 && Math.abs(across) > 2 * Math.abs(down)) show(current + (across < 0 ? 1 : -1));
        });
        let lock = null;
        const keepAwake = () => {
          if (!('wakeLock' in navigator) || document.visibilityState !== 'visible') return;
          navigator.wakeLock.request('screen').then((got) => { lock = got; }).catch(() => {});
        };
        keepAwake();
        document.addEventListener('visibilitychange', keepAwake);
        // The sound is made ready by the tap that starts a timer (a browser plays none unasked).
        let sound = null;
        const ready = () => {
          try {
            sound = sound || new (window.AudioContext || window.webkitAudioContext)();
            if (sound.state === 'suspended') sound.resume();
          } catch (error) { sound = null; }
        };
        const ring = () => {
          if (navigator.vibrate) navigator.vibrate([400, 200, 400, 200, 400]);
          if (!sound) return;
          [0, 0.6, 1.2].forEach((at) => {
            const tone = sound.createOscillator();
            tone.frequency.value = 880;
            tone.connect(sound.destination);
            tone.start(sound.currentTime + at);
            tone.stop(sound.currentTime + at + 0.35);
          });
        };
        buttons.forEach((button, index) => {
          button.dataset.key = String(index);
          button.dataset.label = button.dataset.label || button.textContent.replace(/^Timer: /, '');
        });
        const stepOf = (button) => Number(button.closest('.step').dataset.step);
        // The bar of timers, on every step: label, step, time left; a tap goes to the step
        // (or, once rung, puts the timer away).
        const draw = () => {
          const now = Date.now();
          bar.replaceChildren(...saved.timers.map((timer) => {
            const left = Math.max(0, Math.ceil((timer.end - now) / 1000));
            const item = document.createElement('button');
            item.type = 'button';
            item.className = 'bar-timer' + (left === 0 ? ' done' : '');
            item.textContent = timer.label + ' · ' + say('Step %s', timer.step) + ' · '
              + (left === 0 ? say('done') : clock(left));
            item.addEventListener('click', () => {
              if (Date.now() >= timer.end) {
                saved.timers = saved.timers.filter((other) => other !== timer);
                keep();
                draw();
              } else {
                show(timer.step);
              }
            });
            return item;
          }));
          buttons.forEach((button) => {
            const timer = saved.timers.find((other) => other.key === button.dataset.key);
            const left = timer ? Math.max(0, Math.ceil((timer.end - now) / 1000)) : null;
            button.className = 'timer' + (timer ? (left === 0 ? ' done' : ' running') : '');
            button.textContent = timer === undefined ? say('Timer: %s', button.dataset.label)
              : left === 0 ? say('Done: %s', button.dataset.label) : say('%s left', clock(left));
          });
        };
        const tick = () => {
          let rang = false;
          saved.timers.forEach((timer) => {
            if (!timer.rung && Date.now() >= timer.end) { timer.rung = true; rang = true; }
          });
          if (rang) { keep(); ring(); }
          draw();
        };
        buttons.forEach((button) => {
          button.addEventListener('click', () => {
            ready();
            const running = saved.timers.find((timer) => timer.key === button.dataset.key);
            if (running) {
              saved.timers = saved.timers.filter((timer) => timer !== running);
            } else {
              saved.timers.push({
                key: button.dataset.key, label: button.dataset.label, step: stepOf(button),
                end: Date.now() + Number(button.dataset.seconds) * 1000, rung: false,
              });
            }
            keep();
            draw();
          });
        });
        // Ingredients ticked off as they go in.
        const added = Array.from(document.querySelectorAll('input.added'));
        added.forEach((box, index) => {
          box.checked = saved.added.includes(index);
          box.addEventListener('change', () => {
            saved.added = added.map((other, i) => (other.checked ? i : -1)).filter((i) => i >= 0);
            keep();
          });
        });
        show(Math.min(Number(saved.step) || 0, steps.length - 1));
        // A timer that ended while the page was closed rings now.
        tick();
        setInterval(tick, 250);
      }

      // The shopping list: ticks sent at once, others' ticks shown as they come. A tick made
      // while meals cannot be reached waits on the phone (kept across reloads) and is sent
      // as soon as meals answers again; then the list is read again for what changed meanwhile.
      if (page === 'shopping') {
        const list = document.getElementById('shopping');
        const said = document.getElementById('waiting');
        const boxes = () => Array.from(list.querySelectorAll('input[type=checkbox]'));
        // A row's items (one ingredient's, added up): a tick ticks each of them.
        const idsOf = (box) => (box.dataset.ids || box.dataset.id).split(',');
        const key = 'meals.waiting-ticks';
        let waiting = {};
        try { waiting = JSON.parse(localStorage.getItem(key) || '{}') || {}; } catch (error) { waiting = {}; }
        const keep = () => { try { localStorage.setItem(key, JSON.stringify(waiting)); } catch (error) { /* private mode */ } };
        const count = () => Object.keys(waiting).length;
        const setRow = (box, ticked) => { box.checked = ticked; box.closest('li').classList.toggle('ticked', ticked); };
        const show = () => {
          const n = count();
          said.textContent = n === 0 ? '' : (n === 1 ? '1 tick waiting — it will' : n + ' ticks waiting — they’ll')
            + ' be sent when meals is reachable.';
          boxes().forEach((box) => {
            const row = box.closest('li');
            const held = idsOf(box).map((id) => waiting[id]).find(Boolean);
            if (held) setRow(box, held.ticked);
            row.classList.toggle('waiting', Boolean(held));
            let mark = row.querySelector('.waiting-mark');
            if (held && !mark) {
              mark = document.createElement('span');
              mark.className = 'waiting-mark';
              mark.textContent = say('waiting');
              row.querySelector('.ingredient').after(mark);
            } else if (!held && mark) {
              mark.remove();
            }
          });
        };
        // The machine's clock as the phone last heard it (the Date of a tick's answer, never
        // kept by the service worker): a waiting tick says when it was made by that clock, so
        // a later tick there is not undone by it.
        let skew = Number(localStorage.getItem('meals.clock-skew')) || 0;
        const heard = (response) => {
          const said = Date.parse(response.headers.get('Date') || '');
          if (!Number.isNaN(said)) {
            skew = said - Date.now();
            try { localStorage.setItem('meals.clock-skew', String(skew)); } catch (error) { /* private mode */ }
          }
          return response;
        };
        const send = (id, ticked, at) => fetch('/api/shopping/' + id, {
          method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(at === undefined ? { ticked: ticked } : { ticked: ticked, at: at }),
        }).then(heard);
        const refresh = () => fetch('/api/shopping', { credentials: 'same-origin', cache: 'no-store' })
          .then((response) => { if (!response.ok) throw new Error(response.status); return response.json(); })
          .then((items) => {
            const byID = new Map(items.map((item) => [String(item.id), item]));
            const shown = new Set();
            boxes().forEach((box) => {
              const ids = idsOf(box);
              ids.forEach((id) => shown.add(id));
              const known = ids.map((id) => byID.get(id)).filter(Boolean);
              const held = ids.some((id) => waiting[id]);
              if (known.length === 0) { if (!held) box.closest('li').remove(); return; }
              if (!held) setRow(box, known.every((item) => item.ticked));
            });
            if (items.some((item) => !shown.has(String(item.id)))) location.reload();
          }).catch(() => {});
        let sending = false;
        // Sends the waiting ticks in the order made; stops at the first that cannot go.
        const flush = () => {
          if (sending || count() === 0) return Promise.resolve();
          sending = true;
          const next = () => {
            const id = Object.keys(waiting)[0];
            if (id === undefined) return Promise.resolve();
            const held = waiting[id];
            return send(id, held.ticked, held.at).then((response) => {
              if (response.status === 401) throw new Error('unpaired');
              if (!response.ok && response.status !== 404) throw new Error(response.status);
              // Sent (or the item is gone from the list): no longer waiting.
              if (waiting[id] === held) delete waiting[id];
              keep();
              return next();
            });
          };
          return next().then(() => { sending = false; show(); return refresh(); }, (error) => {
            sending = false;
            show();
            if (error.message === 'unpaired') {
              said.textContent = say('This phone is not paired any more: open the address meals serve printed.')
                + ' ' + said.textContent;
            }
          });
        };
        boxes().forEach((box) => { box.disabled = false; });
        list.addEventListener('change', (event) => {
          const box = event.target;
          const ids = idsOf(box);
          const ticked = box.checked;
          setRow(box, ticked);
          const made = Date.now() + skew;
          // The items not sent yet wait (in order, behind any already waiting).
          const hold = (rest) => {
            rest.forEach((id) => { delete waiting[id]; waiting[id] = { ticked: ticked, at: made }; });
            keep();
            show();
          };
          if (count() > 0) { hold(ids); flush(); return; }
          const next = (index) => {
            if (index >= ids.length) return undefined;
            return send(ids[index], ticked).then((response) => {
              if (response.ok || response.status === 404) return next(index + 1);
              if (response.status >= 500) return hold(ids.slice(index));
              setRow(box, !ticked);
              said.textContent = response.status === 401
                ? say('Not ticked: this phone is not paired any more — open the address meals serve printed.')
                : say('Not ticked: meals refused it (%s).', response.status);
              return undefined;
            }, () => hold(ids.slice(index)));
          };
          next(0);
        });
        show();
        flush();
        window.addEventListener('online', flush);
        setInterval(() => { if (count() > 0) flush(); }, 3000);
        if ('EventSource' in window) {
          const events = new EventSource('/api/events');
          events.addEventListener('change', refresh);
          // Connected again after meals was away: what waited goes, and what changed comes.
          events.addEventListener('open', () => { flush().then(refresh); });
        }
      }

      // Pages kept on the phone for when meals cannot be reached (where the browser allows a
      // service worker: loopback, or HTTPS the phone trusts).
      if ('serviceWorker' in navigator && window.isSecureContext && page !== 'message') {
        navigator.serviceWorker.register('/sw.js').catch(() => {});
      }
    })();

    """
  /// The service worker: every page and answer read while meals is reachable is kept (the
  /// book, the plan and the shopping list from the start, this week's planned meals too), and
  /// given back when meals cannot be reached; never a write, never the event stream.
  public static let worker = """
    'use strict';
    const kept = 'meals-pages-1';
    const first = ['/', '/shopping', '/plan', '/offline', '/app.css', '/app.js', '/favicon.svg'];
    const keepPlanned = () => fetch('/api/plan', { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.json() : null))
      .then((plan) => {
        if (!plan) return undefined;
        const ids = new Set();
        plan.days.forEach((day) => day.entries.forEach((entry) => { if (entry.mealID) ids.add(entry.mealID); }));
        return caches.open(kept).then((cache) => Promise.all(Array.from(ids).flatMap((id) =>
          ['/meal/' + id, '/cook/' + id].map((address) => cache.add(address).catch(() => {})))));
      }).catch(() => {});
    self.addEventListener('install', (event) => {
      // Each kept as it can be: one that fails now (meals busy) is kept when it is next read.
      event.waitUntil(caches.open(kept)
        .then((cache) => Promise.all(first.map((address) => cache.add(address).catch(() => {}))))
        .then(() => self.skipWaiting()));
    });
    self.addEventListener('activate', (event) => {
      event.waitUntil(caches.keys()
        .then((names) => Promise.all(names.filter((name) => name !== kept).map((name) => caches.delete(name))))
        .then(() => self.clients.claim())
        .then(keepPlanned));
    });
    const away = (url) => {
      if (url.pathname.startsWith('/api/')) {
        return new Response(JSON.stringify({ error: 'meals cannot be reached.' }),
          { status: 503, headers: { 'Content-Type': 'application/json' } });
      }
      // The page kept from meals in the phone's language; this one if it never was.
      return caches.match('/offline', { ignoreVary: true }).then((found) => (found ? found.text() : null))
        .then((text) => new Response(text || notKept,
          { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    };
    const notKept = '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        + '<meta name="viewport" content="width=device-width, initial-scale=1">'
        + '<title>Not kept · meals</title><link rel="stylesheet" href="/app.css"></head>'
        + '<body data-page="message"><header><nav aria-label="Pages"><a href="/">Book</a>'
        + '<a href="/plan">Plan</a><a href="/shopping">Shopping</a></nav></header><main>'
        + '<h1>Not kept on this phone</h1><p>meals cannot be reached, and this page was not '
        + 'opened here before. The book, the week plan and the shopping list are kept.</p>'
        + '</main></body></html>';
    self.addEventListener('fetch', (event) => {
      const request = event.request;
      const url = new URL(request.url);
      if (request.method !== 'GET' || url.origin !== self.location.origin) return;
      if (url.pathname === '/api/events' || url.pathname === '/pair' || url.pathname === '/sw.js') return;
      event.respondWith(fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(kept).then((cache) => cache.put(request, copy)));
          if (url.pathname === '/plan') event.waitUntil(keepPlanned());
          // The book read again (perhaps in another language): the away page with it.
          if (url.pathname === '/') {
            event.waitUntil(caches.open(kept).then((cache) => cache.add('/offline')).catch(() => {}));
          }
        }
        return response;
      }).catch(() => caches.match(request, { ignoreVary: true })
        .then((found) => found || away(url))));
    });

    """

  /// The tab's and the home screen's icon: a bowl on the book's own orange.
  public static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">\
    <rect width="64" height="64" rx="14" fill="#b34700"/>\
    <path d="M12 30h40a20 20 0 0 1-40 0z" fill="#fafaf7"/>\
    <path d="M24 22c0-4 4-4 4-8M34 22c0-4 4-4 4-8" stroke="#fafaf7" stroke-width="3" \
    fill="none" stroke-linecap="round"/></svg>

    """

  /// The web app manifest: the book added to a home screen opens full-screen, on its book.
  public static let manifest = """
    {"name": "meals", "short_name": "meals", "start_url": "/", "scope": "/",
     "display": "standalone", "background_color": "#fafaf7", "theme_color": "#b34700",
     "icons": [{"src": "/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]}

    """
}
