// @ts-nocheck — served to the browser with an import map; three resolves there, not in this repo's tsconfig.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { type BenchPage, gpuTimer, type LoadFigures, measureMemory } from './contract.ts';

// The naive page: three.js as most apps use it: GLTFLoader, one Mesh per object, render the scene.
const params = new URLSearchParams(location.search);
const width = Number(params.get('width') ?? 400);
const height = Number(params.get('height') ?? 300);
const canvas = document.querySelector('canvas')!;
// antialias=0: no multisampling (the 1280×720 runs, as every page there).
const renderer = new THREE.WebGLRenderer({ canvas, antialias: params.get('antialias') !== '0' });
renderer.setSize(width, height, true);
const gl = renderer.getContext();
const pixel = new Uint8Array(4);
const sync = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xe6e9ed);
scene.add(new THREE.HemisphereLight(0xffffff, 0x9aa0a6, 1.4));
const light = new THREE.DirectionalLight(0xffffff, 1.6);
scene.add(light);
const camera = new THREE.PerspectiveCamera(45, width / height, 0.1, 100000);

const loadRequested = performance.now();
const gltf = await new GLTFLoader().loadAsync(params.get('model')!);
scene.add(gltf.scene);
const box = new THREE.Box3().setFromObject(gltf.scene);
const center = box.getCenter(new THREE.Vector3());
const radius = box.getSize(new THREE.Vector3()).length() / 2;
const distance = radius / Math.sin((22.5 * Math.PI) / 180);
camera.position.copy(center).add(new THREE.Vector3(1, 1, 1).normalize().multiplyScalar(distance));
camera.near = distance / 1000;
camera.far = distance * 3;
camera.updateProjectionMatrix();
camera.lookAt(center);
light.position.copy(camera.position);
renderer.render(scene, camera);
sync();
const fullyDrawn = performance.now();
(window as any).benchLoaded = true;

let objects = 0;
let triangles = 0;
gltf.scene.traverse((o) => {
  if (o.isMesh) {
    objects++;
    triangles += (o.geometry.index ? o.geometry.index.count : o.geometry.attributes.position.count) / 3;
  }
});
const result: LoadFigures = { firstFrame: fullyDrawn, geometryLoaded: fullyDrawn, fullyDrawn, loadRequested, objects, triangles };
(window as any).benchResult = result;

const nameOf = (o) => {
  // GLTFLoader sanitises node names (spaces become underscores): read the name from the glTF JSON.
  for (let x = o; x; x = x.parent) {
    const node = gltf.parser.associations.get(x)?.nodes;
    if (node !== undefined) return gltf.parser.json.nodes[node].name ?? null;
  }
  return null;
};

const bench: BenchPage = {
  getCamera() {
    const target = camera.position.clone().add(camera.getWorldDirection(new THREE.Vector3()));
    return { position: camera.position.toArray(), target: target.toArray(), up: camera.up.toArray(), fov: camera.fov };
  },
  setCamera(pose) {
    camera.position.fromArray(pose.position);
    camera.up.fromArray(pose.up);
    camera.fov = pose.fov;
    camera.lookAt(new THREE.Vector3().fromArray(pose.target));
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld(true);
  },
  async orbit(steps) {
    const frameMs = [];
    const cpuMs = [];
    const timer = gpuTimer(gl);
    let drawCalls = 0;
    const offset = camera.position.clone().sub(center);
    for (let i = 0; i < steps; i++) {
      offset.applyAxisAngle(new THREE.Vector3(0, 1, 0), (2 * Math.PI) / steps);
      camera.position.copy(center).add(offset);
      camera.lookAt(center);
      light.position.copy(camera.position);
      const start = performance.now();
      timer.time(() => renderer.render(scene, camera));
      const cpu = performance.now();
      sync();
      const end = performance.now();
      cpuMs.push(cpu - start);
      frameMs.push(end - start);
      drawCalls = Math.max(drawCalls, renderer.info.render.calls);
    }
    return { frameMs, cpuMs, gpuMs: await timer.results(), drawCalls };
  },
  picks(points) {
    const raycaster = new THREE.Raycaster();
    const ms = [];
    const names = [];
    for (const [x, y] of points) {
      const start = performance.now();
      raycaster.setFromCamera(new THREE.Vector2((x / width) * 2 - 1, -(y / height) * 2 + 1), camera);
      const hit = raycaster.intersectObject(scene, true)[0];
      ms.push(performance.now() - start);
      names.push(hit ? nameOf(hit.object) : null);
    }
    return { ms, names };
  },
  async memory() {
    const { jsHeap, pageMemory } = await measureMemory();
    return { jsHeap, pageMemory, cpuBytesPerTriangle: null, gpuBytesPerTriangle: null };
  },
};
(window as any).bench = bench;
