declare module 'pdf-lib/dist/pdf-lib.esm.js';
