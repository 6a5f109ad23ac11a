import '../elements/index.js';
import type { DesignViewerElement } from '../elements/index.js';
import { isDocumentSource } from '../core/index.js';
import { showApiExamples } from './apiExamples.js';
import { addServedDocuments, showViewablePicker } from './documentSamples.js';

interface Sample {
  name: string;
  url: string;
  format: string;
}

const element = document.querySelector<DesignViewerElement>('#viewer')!;
const select = document.querySelector<HTMLSelectElement>('#samples')!;
const fileInput = document.querySelector<HTMLInputElement>('#file')!;
const status = document.querySelector<HTMLOutputElement>('#status')!;
const drop = document.querySelector<HTMLElement>('#drop')!;
const dropHint = drop.querySelector<HTMLElement>('.drop-hint')!;
const viewableField = document.querySelector<HTMLElement>('#viewable-field')!;
const viewablePicker = document.querySelector<HTMLSelectElement>('#viewables')!;

// The live review server `npm start` runs beside the demo, and its token (set before the viewer starts).
const reviewServer = import.meta.env.VITE_REVIEW_SERVER as string | undefined;
if (reviewServer) {
  element.config = { ...element.config, extensionOptions: { collaborate: { token: import.meta.env.VITE_REVIEW_TOKEN as string } } };
  element.setAttribute('realtime-server', reviewServer);
}

// ?model=<url> opens a model directly (links, screenshots, and a live review's invitation: the page's URL
// names the model shown, so whoever is invited opens the same one).
const requested = new URLSearchParams(location.search).get('model');
if (requested) element.setAttribute('src', requested);
const showModelInUrl = (src: string) => {
  const url = new URL(location.href);
  url.searchParams.set('model', src);
  history.replaceState(null, '', url);
};

// The samples by format (the group says the format, so each label stays short enough to read whole).
const samples: Sample[] = await fetch(new URL('./samples.json', import.meta.url)).then((r) => r.json());
const groups = new Map<string, HTMLOptGroupElement>();
for (const sample of samples) {
  let group = groups.get(sample.format);
  if (!group) {
    group = document.createElement('optgroup');
    group.label = sample.format;
    groups.set(sample.format, group);
    select.append(group);
  }
  const option = new Option(sample.name, sample.url);
  option.selected = element.getAttribute('src') === sample.url;
  group.append(option);
}
await addServedDocuments(element, select, import.meta.env.VITE_DOCUMENT_SERVER as string | undefined);
select.addEventListener('change', () => {
  element.removeAttribute('viewable');
  element.src = select.value;
  showModelInUrl(select.value);
  viewableField.hidden = true;
  if (isDocumentSource(select.value)) void showViewablePicker(element, viewableField, viewablePicker);
});
viewablePicker.addEventListener('change', () => {
  element.viewable = viewablePicker.value;
});

element.addEventListener('progress', (event) => {
  const { state, percent } = (event as unknown as CustomEvent<{ state: number; percent: number }>).detail;
  if (state !== 1) return; // RENDERING progress (progressive display) is not loading
  status.textContent = percent < 100 ? `Loading… ${Math.round(percent)}%` : '';
});
element.addEventListener('geometry-loaded', (event) => {
  const { model } = event.detail;
  status.textContent = `${model.fileName}: ${model.instanceTree.getNodeCountInTree() - 1} objects, ${model.fragments.count} fragments`;
});
element.addEventListener('error', (event) => {
  const { code, message } = (event as unknown as CustomEvent<{ code: number; message: string }>).detail;
  status.textContent = `Error ${code}: ${message}`;
});
element.addEventListener('selection-change', (event) => {
  const selection = event.detail.selections[0];
  if (!selection) return;
  const tree = selection.model.getInstanceTree();
  const names = selection.dbIds.map((id) => tree.getNodeName(id) ?? `Object ${id}`);
  status.textContent = `Selected: ${names.join(', ')}`;
});

/** Opens local files: one model file, plus the files a .gltf refers to (buffers, images). */
async function openFiles(files: FileList | File[]): Promise<void> {
  const list = [...files];
  const model = list.find((f) => /\.(glb|gltf|ifc|ifczip|svf|zip|dxf|pdf|svg)$/i.test(f.name));
  if (!model) {
    status.textContent = 'Choose a .glb, .gltf, .ifc, .svf, .dxf, .pdf or .svg file (with the files a .gltf or .svf refers to), or a .zip SVF bundle.';
    return;
  }
  const resources: Record<string, string> = {};
  for (const file of list) if (file !== model) resources[file.name] = URL.createObjectURL(file);
  const url = URL.createObjectURL(model);
  const extension = model.name.split('.').pop()!.toLowerCase();
  element.removeAttribute('src');
  select.selectedIndex = -1;
  await element.load(url, { fileExtension: extension, fileName: model.name, resources }).catch(() => {});
}

fileInput.addEventListener('change', () => {
  if (fileInput.files?.length) void openFiles(fileInput.files);
  fileInput.value = '';
});
fileInput.parentElement!.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' || event.key === ' ') fileInput.click();
});

drop.addEventListener('dragover', (event) => {
  event.preventDefault();
  dropHint.hidden = false;
});
drop.addEventListener('dragleave', (event) => {
  if (!drop.contains(event.relatedTarget as Node)) dropHint.hidden = true;
});
drop.addEventListener('drop', (event) => {
  event.preventDefault();
  dropHint.hidden = true;
  if (event.dataTransfer?.files.length) void openFiles(event.dataTransfer.files);
});

showApiExamples(element, document.querySelector<HTMLDetailsElement>('#api')!);
