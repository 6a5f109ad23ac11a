import { atom } from 'nanostores';
import { Vector3 } from 'three';
import type { Model } from '../../model/Model.js';
import type { DisplayUnit } from '../../model/unitFormat.js';
import { Extension } from '../../viewer/Extension.js';
import { toolToggleButton } from '../toolButtonState.js';
import type { ViewerState } from '../../viewer/ViewerState.js';
import { readMeasureState, saveMeasureState } from './measureState.js';
import { buildMeasurement, MEASURE_MODES, type MeasureMode, type MeasurePick, type Measurement, MEASUREMENT_TYPE_OF_MODE, MeasurementType, picksCoincide } from './Measurement.js';
import { applyMeasureModality, followMeasurePanel, MEASURE_BUTTON, MEASURE_LABELS_OVERLAY_ID, MEASURE_PANEL_ID } from './measureChrome.js';
import { MeasureTool } from './MeasureTool.js';
import { Snapper, type SnapResult } from './Snapper.js';
import type { DimensionsText } from './dimensionsText.js';
import { type FormattedResults, MeasureUnits } from './measureUnits.js';
import { selectedObjects } from './objectGeometry.js';
import { closestPoints, objectDimensions, type ObjectDimensions } from './objectMeasures.js';

export type { FormattedResults } from './measureUnits.js';

/**
 * Measure (spec 001 §3 "Measurement", §4, §5, §7 "measure", §9): distances (with their X, Y and Z
 * components), angles and areas between snapped points, in the model's unit or one the user picks, at a
 * precision of 0 to 5; the minimum distance between two selected objects and a selected object's own
 * dimensions (objectMeasures); calibration from two picks and their true length (per model, in the state);
 * the measurements are part of getState/restoreState (key `measure`) and every change raises
 * `measure-change`. In the chrome: a toggle button in the model group, the measure panel while the tool is
 * on (react-panels/measure/MeasurePanel), and the measurements drawn over the canvas (MeasureLabels).
 */
export class MeasureExtension extends Extension {
  private tool: MeasureTool | null = null;
  private mode: MeasureMode = 'distance';
  private measurements: Measurement[] = [];
  private picks: MeasurePick[] = [];
  private nextId = 1;
  /** The unit picked, the precision and each model's calibration. */
  private readonly units = new MeasureUnits(() => this.viewer.model?.getDisplayUnit());
  /** The calibration picks waiting for their true length. */
  private calibrationPicks: MeasurePick[] | null = null;
  /** The measurement the user selected (the panel's list; highlighted in the canvas), or null. */
  readonly $selected = atom<number | null>(null);
  private stopChrome: (() => void) | null = null;
  private readonly onToolChange = (event: CustomEvent<{ toolName: string; active: boolean }>) => this.applyModality(event.detail);

  override load(): boolean {
    const snapper = new Snapper(this.viewer);
    this.tool = new MeasureTool(snapper, {
      lastPick: () => (this.picks.length ? new Vector3(this.picks.at(-1)!.x, this.picks.at(-1)!.y, this.picks.at(-1)!.z) : null),
      addPick: (snap) => this.addPick(snap),
      closeArea: () => this.closeArea(),
      dropPicksInProgress: () => this.dropPicks(),
      onToolOff: () => this.dropPicks(),
    }, () => this.viewer.canvas);
    this.tool.onLeave = () => this.viewer.toolController.deactivateTool('measure');
    this.viewer.toolController.registerTool(this.tool);
    this.viewer.addEventListener('tool-change', this.onToolChange);
    const button = toolToggleButton(this.viewer, MEASURE_BUTTON);
    this.addToolbarButton(button.spec);
    this.addPanel({ id: MEASURE_PANEL_ID, title: 'Measure' });
    this.addOverlay({ id: MEASURE_LABELS_OVERLAY_ID, slot: 'canvas', order: 20 });
    const stopPanel = followMeasurePanel(this.viewer, button.$active);
    this.stopChrome = () => {
      stopPanel();
      button.stop();
    };
    return true;
  }

  override unload(): boolean {
    this.stopChrome?.();
    this.stopChrome = null;
    this.viewer.removeEventListener('tool-change', this.onToolChange);
    if (this.tool) this.viewer.toolController.deregisterTool(this.tool);
    this.tool = null;
    return true;
  }

  /** The measure tool (its `$hover` snap feeds the snap indicator). */
  getTool(): MeasureTool | null {
    return this.tool;
  }

  override activate(mode?: string): boolean {
    return this.setMode((mode ?? this.mode) as MeasureMode);
  }

  override deactivate(): boolean {
    this.activeMode = null;
    return this.viewer.toolController.isToolActive('measure') ? this.viewer.toolController.deactivateTool('measure') : true;
  }

  /** Starts measuring in a mode ('distance', 'angle', 'area', 'calibrate'); false for another mode. */
  setMode(mode: MeasureMode): boolean {
    if (!MEASURE_MODES.includes(mode) || !this.tool) return false;
    this.dropPicks();
    this.mode = mode;
    this.activeMode = mode;
    if (!this.viewer.toolController.isToolActive('measure') && !this.viewer.toolController.activateTool('measure')) return false;
    this.changed();
    return true;
  }

  getMode(): MeasureMode {
    return this.mode;
  }

  /** The completed measurements, then the one in progress (if it has picks). Copies. */
  getMeasurements(): Measurement[] {
    const list = this.measurements.map((m) => structuredClone(m));
    if (this.picks.length) list.push(this.inProgress());
    return list;
  }

  /** Removes every measurement (and the picks in progress). */
  clear(): void {
    this.measurements = [];
    this.picks = [];
    this.calibrationPicks = null;
    this.$selected.set(null);
    this.changed();
  }

  /** Removes one measurement; false when there is none with that id. */
  deleteMeasurement(id: number): boolean {
    const before = this.measurements.length;
    this.measurements = this.measurements.filter((m) => m.id !== id);
    if (this.measurements.length === before) return false;
    if (this.$selected.get() === id) this.$selected.set(null);
    this.changed();
    return true;
  }

  /** Shows results in a unit ('mm', 'cm', 'm', 'in', 'ft', 'ft-in'), or in the model's own (null); false for another. */
  setUnits(unit: string | null): boolean {
    if (!this.units.pick(unit)) return false;
    this.changed();
    return true;
  }

  /** The unit the user picked, or null while results show in the model's own. */
  getPickedUnits(): DisplayUnit | null {
    return this.units.picked;
  }

  /** The unit results show in: the one picked, else the model's. */
  getUnits(): DisplayUnit {
    return this.units.shown();
  }

  /** Decimals (0 to 5; for feet and inches the fraction, 1/2^precision); clamped. */
  setPrecision(precision: number): void {
    this.units.setPrecision(precision);
    this.changed();
  }

  getPrecision(): number {
    return this.units.precision;
  }

  /**
   * Calibrates with the two picks of calibrate mode: `length` is their true length, a number in the
   * display unit or text ("5' 6 1/2\"", "2.5 m"). Every later measurement of that model is scaled. False
   * when no calibration picks wait or the length is not a positive length.
   */
  calibrate(length: number | string): boolean {
    const picks = this.calibrationPicks;
    if (!picks) return false;
    if (!this.units.calibrate(this.modelOf(picks[0]), picks, length)) return false;
    this.calibrationPicks = null;
    this.changed();
    return true;
  }

  /**
   * The minimum distance between the two objects selected (in one model or two): a distance between the
   * closest points of their triangles where they are now (exploded or moved), with its X, Y and Z. Returns
   * the measurement (with its `problem` when the objects touch: the points coincide), or null unless
   * exactly two objects with visible geometry are selected.
   */
  measureSelection(): Measurement | null {
    const objects = selectedObjects(this.viewer);
    const found = objects.length === 2 ? closestPoints(objects[0], objects[1]) : null;
    if (!found) return null;
    const measurement = buildMeasurement(this.nextId, MeasurementType.DISTANCE, found.picks, false, this.getCalibration(objects[0].model));
    return structuredClone(this.keepMeasurement(measurement));
  }

  /** The selected object's own dimensions (box size, and its length, area and volume quantities); null unless one is selected. */
  getSelectedDimensions(): Promise<ObjectDimensions | null> {
    const objects = selectedObjects(this.viewer);
    return objects.length === 1 ? objectDimensions(objects[0]) : Promise.resolve(null);
  }

  /** Dimensions as text in the current units and precision (the box with the model's calibration). */
  formatDimensions(dimensions: ObjectDimensions): DimensionsText {
    return this.units.formatDimensions(dimensions);
  }

  /** Whether calibration picks wait for their true length (calibrate()). */
  isCalibrationPending(): boolean {
    return this.calibrationPicks !== null;
  }

  /** The calibration scale of a model (1 when it has none). */
  getCalibration(model: Model | null = this.viewer.model): number {
    return this.units.scaleOf(model);
  }

  /** A measurement's results as text in the current units and precision. */
  formatResults(measurement: Measurement): FormattedResults {
    return this.units.format(measurement, this.modelOf(measurement.picks[0])?.getUnitString() || 'm');
  }

  override getState(state: ViewerState): void {
    state.measure = saveMeasureState(this.measurements, this.units.save());
  }

  override restoreState(state: ViewerState): boolean {
    if (state.measure === undefined) return true;
    const saved = readMeasureState(state.measure);
    if (!saved) return false;
    this.picks = [];
    this.calibrationPicks = null;
    this.$selected.set(null);
    this.units.restore(saved);
    this.measurements = saved.measurements.map((m) => buildMeasurement(m.id, m.measurementType, m.picks, m.closedArea, m.scale));
    this.nextId = Math.max(0, ...this.measurements.map((m) => m.id)) + 1;
    this.changed();
    return true;
  }

  // ── Picks ────────────────────────────────────────────────────────────────────────────────────

  private addPick(snap: SnapResult): void {
    const p = snap.intersectPoint;
    const pick: MeasurePick = { x: p.x, y: p.y, z: p.z, geomType: snap.geomType, dbId: snap.snapNode, modelId: snap.model.url };
    if (this.mode === 'area' && this.picks.length >= 3 && picksCoincide(pick, this.picks[0])) {
      this.closeArea();
      return;
    }
    this.picks.push(pick);
    const type = MEASUREMENT_TYPE_OF_MODE[this.mode];
    if (this.mode !== 'area' && this.picks.length === (type === MeasurementType.ANGLE ? 3 : 2)) this.complete(false);
    else this.changed();
  }

  private closeArea(): boolean {
    if (this.mode !== 'area' || this.picks.length < 3) return false;
    this.complete(true);
    return true;
  }

  private complete(closedArea: boolean): void {
    const measurement = this.inProgress(closedArea);
    this.picks = [];
    // An invalid measurement is not kept: the event tells why (its `problem`), and picking starts over.
    if (measurement.measurementType === MeasurementType.CALIBRATION && !measurement.problem) {
      this.calibrationPicks = measurement.picks;
      this.changed(measurement);
    } else this.keepMeasurement(measurement);
  }

  /** Keeps a completed measurement (under the next id) and says so; an invalid one is only reported. */
  private keepMeasurement(measurement: Measurement): Measurement {
    if (measurement.problem) {
      this.changed(measurement);
      return measurement;
    }
    const kept = { ...measurement, id: this.nextId++ };
    this.measurements.push(kept);
    this.changed(kept);
    return kept;
  }

  private inProgress(closedArea = false): Measurement {
    const type = MEASUREMENT_TYPE_OF_MODE[this.mode];
    const scale = type === MeasurementType.CALIBRATION ? 1 : this.getCalibration(this.modelOf(this.picks[0]));
    return buildMeasurement(this.nextId, type, this.picks, closedArea, scale);
  }

  private dropPicks(): boolean {
    if (!this.picks.length) return false;
    this.picks = [];
    this.changed();
    return true;
  }

  private modelOf(pick: MeasurePick | undefined): Model | null {
    return this.viewer.getVisibleModels().find((m) => m.url === pick?.modelId) ?? this.viewer.model ?? null;
  }

  private applyModality({ toolName, active }: { toolName: string; active: boolean }): void {
    if (toolName === 'measure') this.activeMode = active ? this.mode : null;
    if (active) applyMeasureModality(this.viewer.toolController, toolName);
  }

  private changed(last: Measurement | null = null): void {
    this.viewer.emit('measure-change', { measurements: this.getMeasurements(), mode: this.mode, last, isCalibrationPending: this.calibrationPicks !== null });
  }
}
