import HtmlWebpackPlugin from 'html-webpack-plugin';
import { resolve } from 'node:path';

export default {
  entry: './src/index.js',
  output: { path: resolve(import.meta.dirname, 'dist'), clean: true },
  plugins: [new HtmlWebpackPlugin({ template: './src/index.html' })],
  performance: { hints: false },
};
