// The chapters' Run panels. docs/_ext/run_panel.py leaves an empty <div class="run-panel"> on a
// chapter page with the sample's options (as `--describe-options` gives them) and the address of
// its WebAssembly module; this fills it with a form, Run and Stop, and the output, and runs the
// sample in a Web Worker (run_worker.js). Only the options changed from their defaults are
// passed, so a run with the defaults is the command line with no options, as on the page.

const LABELS = {
  en: {
    heading: 'Run it here',
    where: 'in your browser, on the CPU emulator (WebAssembly)',
    options: 'Options', run: 'Run', stop: 'Stop', running: 'running…',
    finished: (code, seconds) => `exit status ${code} (${seconds.toFixed(2)} s)`,
    stopped: 'stopped', failed: 'the module ended abnormally: ',
    missing: 'Not in this build of the docs: they were built without the WebAssembly ' +
             'toolchain (tools/install-dependencies --wasm installs it).',
  },
  ja: {
    heading: 'ここで実行',
    where: 'ブラウザの中の CPU エミュレータで（WebAssembly）',
    options: 'オプション', run: '実行', stop: '停止', running: '実行中…',
    finished: (code, seconds) => `終了ステータス ${code}（${seconds.toFixed(2)} 秒）`,
    stopped: '停止しました', failed: 'モジュールが異常終了しました: ',
    missing: 'このドキュメントのビルドにはありません。WebAssembly のツールチェーンなしで' +
             'ビルドされました（tools/install-dependencies --wasm でインストールできます）。',
  },
};

function element(tag, attributes = {}, ...children) {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, value);
  e.append(...children);
  return e;
}

// One form field per option, with its name as the command line writes it.
function field(option) {
  let input;
  if (option.kind === 'flag') {
    input = element('input', { type: 'checkbox' });
    input.checked = option.default;
  } else if (option.kind === 'choice') {
    input = element('select', {}, ...option.choices.map((c) => element('option', { value: c }, c)));
    input.value = option.default;
  } else {
    input = element('input', { type: 'text', spellcheck: 'false' });
    input.value = String(option.default);
    if (option.kind === 'integer') input.setAttribute('inputmode', 'numeric');
  }
  const range = option.kind === 'integer' ? ` (${option.min}..${option.max})` : '';
  input.title = option.help + range;
  const value = () => (option.kind === 'flag' ? input.checked : input.value);
  const changed = () => value() !== (option.kind === 'flag' ? option.default
                                                             : String(option.default));
  const row = element('label', { class: 'run-panel-option' },
                      element('code', {}, option.name), input,
                      element('span', { class: 'run-panel-help' }, option.help + range));
  return { row, argv: () => (!changed() ? [] : option.kind === 'flag' ? [option.name]
                                                                        : [option.name, value()]) };
}

// The kernel file beside the output, one numbered line each; mark(text) marks the lines the
// text names as <file>:<line> and brings the first into view.
function sourcePane(panel) {
  const name = panel.dataset.sourceName;
  const lines = panel.dataset.source.replace(/\n$/, '').split('\n').map(
      (text, i) => element('span', { class: 'run-panel-line', 'data-line': i + 1 },
                           element('span', { class: 'run-panel-number' }, String(i + 1)),
                           text + '\n'));
  const code = element('pre', { class: 'run-panel-source' }, ...lines);
  const pane = element('div', {}, element('code', { class: 'run-panel-source-name' }, name), code);
  const mark = (text) => {
    const named = new Set();
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const m of text.matchAll(new RegExp(`${escaped}:(\\d+)`, 'g'))) named.add(Number(m[1]));
    for (const line of lines) line.classList.toggle('marked', named.has(Number(line.dataset.line)));
    const first = lines[Math.min(...named) - 1];
    if (first) code.scrollTop = first.offsetTop - code.offsetTop - code.clientHeight / 3;
    panel.dataset.marked = [...named].sort((a, b) => a - b).join(' ');
  };
  return { pane, mark };
}

function build(panel) {
  const t = LABELS[document.documentElement.lang === 'ja' ? 'ja' : 'en'];
  const program = panel.dataset.program;
  panel.append(element('p', { class: 'run-panel-heading' }, element('strong', {}, t.heading),
                       ' — ' + t.where));
  if (!panel.dataset.module) {
    panel.append(element('p', { class: 'run-panel-missing' }, t.missing));
    panel.dataset.state = 'unavailable';
    return;
  }
  const fields = JSON.parse(panel.dataset.options).map(field);
  const run = element('button', { type: 'button', class: 'run-panel-run' }, t.run);
  const stop = element('button', { type: 'button', class: 'run-panel-stop' }, t.stop);
  const status = element('span', { class: 'run-panel-status' });
  const command = element('code', { class: 'run-panel-command' });
  const output = element('pre', { class: 'run-panel-output' });
  stop.disabled = true;
  panel.append(element('details', {}, element('summary', {}, t.options),
                       ...fields.map((f) => f.row)),
               element('div', { class: 'run-panel-buttons' }, run, stop, status));
  const source = panel.dataset.source !== undefined ? sourcePane(panel) : null;
  panel.append(source ? element('div', { class: 'run-panel-side-by-side' },
                                element('div', {}, command, output), source.pane)
                      : element('div', {}, command, output));
  panel.dataset.state = 'idle';

  let worker = null;
  const finish = (state, text) => {
    worker?.terminate();
    worker = null;
    run.disabled = false;
    stop.disabled = true;
    status.textContent = text;
    panel.dataset.state = state;
  };
  run.addEventListener('click', () => {
    const args = fields.flatMap((f) => f.argv());
    command.textContent = ['$', program, ...args].join(' ');
    output.textContent = '';
    source?.mark('');
    status.textContent = t.running;
    run.disabled = true;
    stop.disabled = false;
    panel.dataset.state = 'running';
    delete panel.dataset.exitCode;
    worker = new Worker(new URL('./run_worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => {
      if (data.kind === 'output') {
        output.append(data.fd === 2 ? element('span', { class: 'run-panel-stderr' }, data.text)
                                    : data.text);
      } else if (data.kind === 'exit') {
        panel.dataset.exitCode = data.code;
        source?.mark(output.textContent);
        finish('done', t.finished(data.code, data.seconds));
      } else {
        finish('failed', t.failed + data.message);
      }
    };
    worker.postMessage({ module: new URL(panel.dataset.module, document.baseURI).href, program,
                         args });
  });
  stop.addEventListener('click', () => finish('stopped', t.stopped));
}

for (const panel of document.querySelectorAll('.run-panel')) build(panel);
