import { expect } from '@esm-bundle/chai';
import { DEFAULT_LOG_DELAY_MS } from '../../../core/index.js';
import { Dialogs } from '../../../core/viewer/Dialogs.js';

describe('Dialogs', () => {
  it('shows dialogs one at a time, in the order asked, and answers their callbacks', async () => {
    const dialogs = new Dialogs();
    const heard: string[] = [];
    const alerted = dialogs.alert('First', () => heard.push('alert ok'));
    const confirmed = dialogs.confirm('Second?', () => heard.push('confirm ok'), () => heard.push('confirm cancel'));
    const prompted = dialogs.prompt('Name?', (value) => heard.push(`prompt ${value}`), undefined, 'default');
    expect(dialogs.pendingCount).to.equal(3);
    expect(dialogs.$current.get()!.message).to.equal('First');
    expect(dialogs.$current.get()!.hasCancel).to.equal(false);

    dialogs.close(dialogs.$current.get()!.id, false); // an alert has no cancel: it is an OK
    expect(await alerted).to.equal(true);
    expect(dialogs.$current.get()!.message).to.equal('Second?');
    dialogs.close(dialogs.$current.get()!.id, false);
    expect(await confirmed).to.equal(false);
    const prompt = dialogs.$current.get()!;
    expect([prompt.kind, prompt.defaultValue]).to.deep.equal(['prompt', 'default']);
    dialogs.close(prompt.id, true, 'Ada');
    expect(await prompted).to.equal('Ada');
    expect(dialogs.$current.get()).to.equal(null);
    expect(heard).to.deep.equal(['alert ok', 'confirm cancel', 'prompt Ada']);
  });

  it('throws when the message or type is not a string, or a callback not a function', () => {
    const dialogs = new Dialogs();
    expect(() => dialogs.alert(42 as unknown as string)).to.throw(TypeError, 'message must be a string');
    expect(() => dialogs.confirm('ok?', 'yes' as unknown as () => void)).to.throw(TypeError, 'callback must be a function');
    expect(() => dialogs.log('hello', 7 as unknown as string)).to.throw(TypeError, 'type must be a string');
    expect(() => dialogs.success(null as unknown as string)).to.throw(TypeError, 'message must be a string');
    expect(dialogs.pendingCount).to.equal(0);
    expect(dialogs.$logs.get()).to.deep.equal([]);
  });

  it('hides logs after 5000 ms by default, or after their own delay', async () => {
    expect(DEFAULT_LOG_DELAY_MS).to.equal(5000);
    const dialogs = new Dialogs();
    dialogs.success('Saved');
    dialogs.error('Failed', 30);
    expect(dialogs.$logs.get().map((l) => [l.type, l.message])).to.deep.equal([
      ['success', 'Saved'],
      ['error', 'Failed'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(dialogs.$logs.get().map((l) => l.message)).to.deep.equal(['Saved']);
    dialogs.dispose();
  });

  it('turns the HUD message preference off when "do not show again" is ticked', () => {
    const set: [string, boolean][] = [];
    const dialogs = new Dialogs((name, value) => set.push([name, value]));
    dialogs.showHud('Walk with the arrow keys', { title: 'Walk', preference: 'bimWalkToolPopup' });
    expect(dialogs.$hud.get()!.title).to.equal('Walk');
    expect(dialogs.dismissHud(false)).to.equal(true);
    expect(set).to.deep.equal([]);
    dialogs.showHud('Again', { preference: 'bimWalkToolPopup' });
    dialogs.dismissHud(true);
    expect(set).to.deep.equal([['bimWalkToolPopup', false]]);
    expect(dialogs.dismissHud()).to.equal(false);
  });
});
