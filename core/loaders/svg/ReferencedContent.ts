import type { ShapePath } from 'three';
import { SVGLoader } from 'three/examples/jsm/loaders/SVGLoader.js';
import { styleOf } from './svgStyle.js';

const SVG = 'http://www.w3.org/2000/svg';
const XLINK = 'http://www.w3.org/1999/xlink';
/** The elements whose shapes are read here: they are drawn only where an element refers to them. */
const REFERENCED = new Set(['clipPath', 'mask', 'marker']);
/** What is never copied into the content read here: other referenced-only elements, and what draws nothing. */
const LEFT_OUT = new Set([...REFERENCED, 'symbol', 'pattern', 'linearGradient', 'radialGradient', 'filter', 'defs', 'style', 'script', 'title', 'desc', 'metadata']);
/** Paint properties the content inherits from the referenced element's ancestors, copied onto its wrapper. */
const INHERITED = ['fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-opacity', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'visibility'];
/** A copy's attribute: the index of the element it copies. */
const SOURCE = 'data-design-viewer-source';
/** A wrapper's attribute: the index of the referenced element whose content it holds. */
const WRAPPER = 'data-design-viewer-wrapper';
/** Uses inside uses deeper than this are not followed (a use that refers to its own ancestor). */
const MAX_USE_DEPTH = 32;

/** A shape of a referenced element's content, in the content's own units (the element's transform applied). */
export interface ReferencedShape {
  /** As SVGLoader reads it: its subpaths and its resolved style. */
  path: ShapePath;
  /** The element of the file it comes from (for paints: gradients, currentColor; for clip-rule). */
  source: Element;
}

/**
 * The shapes of what clipPath, mask and marker elements hold. SVGLoader leaves out what defs hold, where
 * these usually are, and reads a shape once, where it stands: here the content of every one of them is copied
 * (each into a group of its own, its uses replaced by what they refer to, the file's style sheets beside them)
 * and read by SVGLoader in one go, so each shape comes in the units of the element that holds it, ready to
 * be placed wherever something refers to it. Content paints with the properties the element inherits where it
 * stands (marker content does not inherit from the path it decorates). Marker paints `context-stroke` and
 * `context-fill` (SVG 2) come as `url(#CONTEXT_PAINT…)`: the decorated path's paints replace them.
 */
export class ReferencedContent {
  private readonly shapesOf = new Map<Element, ReferencedShape[]>();
  private readonly tags = new Set<string>();

  constructor(root: Element) {
    const referenced = [...root.getElementsByTagName('*')].filter((element) => REFERENCED.has(element.localName));
    for (const element of referenced) this.tags.add(element.localName);
    if (referenced.length === 0) return;
    const document = root.ownerDocument;
    const sources: Element[] = [];
    const copy = document.createElementNS(SVG, 'svg');
    for (const style of root.getElementsByTagName('style')) copy.appendChild(style.cloneNode(true));
    referenced.forEach((element, index) => {
      this.shapesOf.set(element, []);
      const wrapper = document.createElementNS(SVG, 'g');
      wrapper.setAttribute(WRAPPER, String(index));
      for (const name of INHERITED) {
        const value = inheritedValue(element, name);
        if (value) wrapper.setAttribute(name, contextPaint(value));
      }
      // A clipPath's transform is its content's (a marker's orientation and scale are placed where it is drawn).
      if (element.localName === 'clipPath' && element.hasAttribute('transform')) wrapper.setAttribute('transform', element.getAttribute('transform')!);
      for (const child of element.children) {
        const copied = copyOf(child, sources, 0);
        if (copied) wrapper.appendChild(copied);
      }
      copy.appendChild(wrapper);
    });
    let paths: ShapePath[];
    try {
      paths = new SVGLoader().parse(new XMLSerializer().serializeToString(copy)).paths;
    } catch {
      return; // content SVGLoader cannot read draws nothing
    }
    for (const path of paths) {
      const node = path.userData?.node as Element | undefined;
      const wrapper = node?.closest(`[${WRAPPER}]`);
      const source = sources[Number(node?.getAttribute(SOURCE))];
      if (!wrapper || !source) continue;
      this.shapesOf.get(referenced[Number(wrapper.getAttribute(WRAPPER))])?.push({ path, source });
    }
  }

  /** Whether the file has a clipPath, a mask or a marker (by tag): where it has none, elements need not be asked for them. */
  has(tag: 'clipPath' | 'mask' | 'marker'): boolean {
    return this.tags.has(tag);
  }

  /** The shapes a clipPath, mask or marker holds, in its content's units, in the order they paint. */
  shapes(element: Element): readonly ReferencedShape[] {
    return this.shapesOf.get(element) ?? [];
  }
}

/** The prefix of the url a context paint becomes (SVGLoader reads a fill it does not know as a colour, and warns). */
export const CONTEXT_PAINT = 'design-viewer-context-';

/** `context-stroke` → `url(#design-viewer-context-stroke)`, in a value or a whole style attribute. */
function contextPaint(value: string): string {
  return value.replace(/context-(stroke|fill)/g, `url(#${CONTEXT_PAINT}$1)`);
}

/** A property as the element or its nearest ancestor sets it ('' where none does). */
function inheritedValue(element: Element, name: string): string {
  for (let e: Element | null = element; e; e = e.parentElement) {
    const value = styleOf(e, name);
    if (value && value !== 'inherit') return value;
  }
  return '';
}

/**
 * A copy of an element and what it holds, marked with its source's index; a use becomes a group that holds
 * a copy of what it refers to (a symbol's or svg's content), placed by its x and y. Hidden elements are left out.
 */
function copyOf(element: Element, sources: Element[], useDepth: number): Element | null {
  const tag = element.localName;
  if (LEFT_OUT.has(tag) || element.namespaceURI !== SVG || styleOf(element, 'display') === 'none') return null;
  const document = element.ownerDocument;
  if (tag === 'use') {
    const href = element.getAttributeNS(XLINK, 'href') || element.getAttribute('href') || '';
    const target = href.startsWith('#') ? document.getElementById(href.slice(1)) : null;
    if (!target || useDepth >= MAX_USE_DEPTH || REFERENCED.has(target.localName)) return null;
    const group = document.createElementNS(SVG, 'g');
    copyAttributes(element, group, ['href', 'x', 'y', 'width', 'height', 'transform']);
    const x = parseFloat(element.getAttribute('x') ?? '') || 0;
    const y = parseFloat(element.getAttribute('y') ?? '') || 0;
    group.setAttribute('transform', `${element.getAttribute('transform') ?? ''} translate(${x} ${y})`);
    const content = target.localName === 'symbol' || target.localName === 'svg' ? [...target.children] : [target];
    for (const child of content) {
      const copied = copyOf(child, sources, useDepth + 1);
      if (copied) group.appendChild(copied);
    }
    return group;
  }
  const copy = document.createElementNS(SVG, tag);
  copyAttributes(element, copy, []);
  copy.setAttribute(SOURCE, String(sources.push(element) - 1));
  for (const child of element.children) {
    const copied = copyOf(child, sources, useDepth);
    if (copied) copy.appendChild(copied);
  }
  return copy;
}

function copyAttributes(from: Element, to: Element, except: string[]): void {
  for (const attribute of from.attributes) {
    if (except.includes(attribute.localName) || attribute.localName === 'clip-path' || attribute.localName === 'mask') continue;
    const value = attribute.localName === 'style' || attribute.localName === 'fill' || attribute.localName === 'stroke' ? contextPaint(attribute.value) : attribute.value;
    if (attribute.namespaceURI) to.setAttributeNS(attribute.namespaceURI, attribute.name, value);
    else to.setAttribute(attribute.name, value);
  }
}
