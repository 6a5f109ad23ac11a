import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { resolve } from 'node:path';

export default {
  entry: './src/index.js',
  output: { path: resolve(import.meta.dirname, 'dist'), clean: true },
  plugins: [new HtmlWebpackPlugin({ template: './src/index.html' })],
  performance: { hints: false },
  // Minified by esbuild through webpack's own minimizer plugin, as many webpack apps now do: terser took
  // 90 s of the CI run's host checks on two cores for the same bundle.
  optimization: { minimizer: [new TerserPlugin({ minify: TerserPlugin.esbuildMinify })] },
};
