import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { $, $$, click, createViewerElement, exists, focused, press, removeViewerElements, waitFor } from '../guiHelpers.js';

type Element = Awaited<ReturnType<typeof createViewerElement>>;

function dialog(element: Element): HTMLElement {
  return $(element, '.dv-dialog');
}

function buttons(element: Element): string[] {
  return $$(element, '.dv-dialog button').map((b) => b.textContent!);
}

describe('Dialogs in the chrome', () => {
  afterEach(removeViewerElements);

  it('shows queued dialogs one by one with OK and Cancel, OK focused; Space submits a confirm and an alert', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    const dialogs = element.viewer!.dialogs;
    const alerted = dialogs.alert('The model was saved.');
    const confirmed = dialogs.confirm('Discard the changes?');
    await waitFor(() => exists(element, '.dv-dialog'));
    expect($$(element, '.dv-dialog')).to.have.length(1);
    expect(dialog(element).getAttribute('role')).to.equal('alertdialog');
    expect(dialog(element).getAttribute('aria-modal')).to.equal('true');
    expect($(element, '.dv-dialog-message').textContent).to.equal('The model was saved.');
    expect(buttons(element)).to.deep.equal(['OK']);
    expect((focused(element) as HTMLElement).dataset.button).to.equal('ok');
    await press(' ');
    expect(await alerted).to.equal(true);

    await waitFor(() => $(element, '.dv-dialog-message').textContent === 'Discard the changes?');
    expect(buttons(element)).to.deep.equal(['Cancel', 'OK']);
    expect((focused(element) as HTMLElement).dataset.button).to.equal('ok');
    await press(' ');
    expect(await confirmed).to.equal(true);
    await waitFor(() => !exists(element, '.dv-dialog'));
  });

  it('cancels with Esc when there is a Cancel button, and not otherwise; Esc stays in the dialog', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    const viewer = element.viewer!;
    const dialogs = viewer.dialogs;
    const confirmed = dialogs.confirm('Delete the markup?');
    await waitFor(() => exists(element, '.dv-dialog'));
    await press('Escape');
    expect(await confirmed).to.equal(false);

    const alerted = dialogs.alert('Read this first.');
    await waitFor(() => exists(element, '.dv-dialog'));
    await press('Escape');
    expect(exists(element, '.dv-dialog')).to.equal(true); // an alert has no Cancel
    await click($(element, '.dv-dialog [data-button="ok"]'));
    expect(await alerted).to.equal(true);
  });

  it('submits a prompt with Enter, with the typed text, and translates its buttons', async () => {
    const element = await createViewerElement({ width: 600, height: 400, language: 'de' });
    const prompted = element.viewer!.dialogs.prompt('Name of the view?', undefined, undefined, 'View');
    await waitFor(() => exists(element, '.dv-dialog input'));
    const german = await (await fetch('/res/locales/de/allstrings.json')).json();
    expect(buttons(element)).to.deep.equal([german.Cancel, german.OK]);
    expect(focused(element) === $(element, '.dv-dialog input'), 'the field has focus').to.equal(true);
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' 2' });
    // Space types into the field; it does not submit a prompt.
    expect(exists(element, '.dv-dialog')).to.equal(true);
    await press('Enter');
    expect(await prompted).to.equal('View 2');
  });

  it('shows success and error logs as toasts that hide after their delay', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    const dialogs = element.viewer!.dialogs;
    dialogs.success('Markup saved', 200);
    dialogs.error('Could not save');
    await waitFor(() => $$(element, '.dv-toast').length === 2);
    expect($$(element, '.dv-toast').map((t) => t.dataset.logType)).to.deep.equal(['success', 'error']);
    expect($(element, '.dv-toasts').getAttribute('aria-live')).to.equal('polite');
    await waitFor(() => $$(element, '.dv-toast').length === 1, 3000);
    expect($(element, '.dv-toast-message').textContent).to.equal('Could not save');
    // The default delay is 5000 ms: still shown after a second, gone once it has passed.
    await new Promise((r) => setTimeout(r, 1000));
    expect($$(element, '.dv-toast')).to.have.length(1);
    await waitFor(() => !exists(element, '.dv-toast'), 6000);
  });
});
