import { expect } from '@esm-bundle/chai';
import { Logger, type Tool } from '../../../core/index.js';
import { ToolController } from '../../../core/tools/ToolController.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';

describe('ToolController', () => {
  let recorder: ConsoleRecorder;
  let changes: [string, boolean][];
  let controller: ToolController;

  beforeEach(() => {
    recorder = new ConsoleRecorder().start();
    const logger = new Logger();
    logger.setLevel('warning');
    changes = [];
    controller = new ToolController(logger, (name, active) => changes.push([name, active]));
  });
  afterEach(() => recorder.stop());

  it('refuses a tool with no name with the spec warning', () => {
    expect(controller.registerTool({ names: [] })).to.equal(false);
    expect(recorder.warnings).to.deep.equal(['Cannot register tool with no name.']);
  });

  it('warns and returns false for unknown tools', () => {
    expect(controller.activateTool('nope')).to.equal(false);
    expect(controller.deactivateTool('nada')).to.equal(false);
    expect(recorder.warnings).to.deep.equal(['activateTool not found: nope', 'deactivateTool not found: nada']);
  });

  it('keeps the active tools ordered by priority and offers input strongest first', () => {
    const order: string[] = [];
    const weak: Tool = { names: ['weak'], priority: 1, handleKeyDown: () => (order.push('weak'), false) };
    const strong: Tool = { names: ['strong'], priority: 9, handleKeyDown: () => (order.push('strong'), true) };
    controller.registerTool(weak);
    controller.registerTool(strong);
    controller.activateTool('weak');
    controller.activateTool('strong');
    controller.dispatch('handleKeyDown', new KeyboardEvent('keydown'), 'a');
    expect(order).to.deep.equal(['strong']);
    controller.deactivateTool('strong');
    controller.dispatch('handleKeyDown', new KeyboardEvent('keydown'), 'a');
    expect(order).to.deep.equal(['strong', 'weak']);
    expect(changes).to.deep.equal([['weak', true], ['strong', true], ['strong', false]]);
  });

  it('ignores tool changes while locked', () => {
    controller.registerTool({ names: ['a'] });
    controller.setIsLocked(true);
    expect(controller.activateTool('a')).to.equal(false);
    controller.setIsLocked(false);
    expect(controller.activateTool('a')).to.equal(true);
  });

  it('restores the default tool when the active navigation tool goes away', () => {
    controller.registerTool({ names: ['orbit'] });
    controller.registerTool({ names: ['walk'], priority: 5 });
    controller.setDefaultTool('orbit');
    controller.activateTool('walk');
    expect(controller.getActiveToolName()).to.equal('walk');
    controller.deactivateTool('walk');
    expect(controller.getActiveToolName()).to.equal('orbit');
  });

  it('looks past always-on tools, whatever their name, for the active tool and the navigation mode', () => {
    controller.registerTool({ names: ['orbit'] });
    controller.registerTool({ names: ['host-context-menu'], priority: 55, isAlwaysOn: true });
    controller.registerTool({ names: ['walk'], priority: 5 });
    controller.setDefaultTool('orbit');
    controller.activateTool('host-context-menu');
    expect([controller.getActiveToolName(), controller.getNavigationMode()]).to.deep.equal(['orbit', 'orbit']);
    controller.activateTool('walk');
    expect([controller.getActiveToolName(), controller.getNavigationMode()]).to.deep.equal(['walk', 'walk']);
    expect(controller.isToolActive('host-context-menu')).to.equal(true);
  });

  it('lets a stronger interaction source cancel a weaker one, and refuses a weaker one meanwhile', () => {
    const blurs: string[] = [];
    controller.registerTool({ names: ['nav'], handleBlur: () => (blurs.push('nav'), false) });
    controller.registerTool({ names: ['other'], priority: 5, handleBlur: () => (blurs.push('other'), true) });
    controller.activateTool('nav');
    controller.activateTool('other');
    expect(controller.beginInteraction('keyboard')).to.equal(true);
    expect(controller.beginInteraction('mouse')).to.equal(true);
    // Every tool heard that the keyboard interaction was dropped, whatever the first one answered.
    expect(blurs).to.deep.equal(['other', 'nav']);
    expect(controller.getInteractionSource()).to.equal('mouse');
    expect(controller.acceptsInteraction('keyboard')).to.equal(false);
    expect(controller.beginInteraction('touch')).to.equal(true);
    expect(controller.acceptsInteraction('mouse')).to.equal(false);
    controller.endInteraction('touch');
    expect(controller.acceptsInteraction('keyboard')).to.equal(true);
  });

  it('shows the cursor of the strongest tool that has one, and announces navigation mode changes', () => {
    const element = document.createElement('div');
    const modes: string[] = [];
    controller.onNavigationModeChange = (mode) => modes.push(mode);
    controller.attach(element, element);
    let mode = 'orbit';
    controller.registerTool({ names: ['orbit'], getCursor: () => 'move', getMode: () => mode });
    controller.registerTool({ names: ['fov'], priority: 20, getCursor: () => 'ns-resize' });
    controller.registerTool({ names: ['select'], priority: 50, isAlwaysOn: true, getCursor: () => null });
    controller.activateTool('select');
    controller.setDefaultTool('orbit');
    expect(element.style.cursor).to.equal('move');
    mode = 'pan';
    controller.refresh();
    controller.activateTool('fov');
    expect(element.style.cursor).to.equal('ns-resize');
    controller.deactivateTool('fov');
    expect(modes).to.deep.equal(['orbit', 'pan', 'fov', 'pan']);
    controller.detach();
  });
});
