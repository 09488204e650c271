import { usePropsPreview } from '../api/props-preview';
import { PropPreview } from './prop-preview';

/** The app's prop preview, read through TanStack Query (the landing reads it itself). */
export function PropPreviewSection({ className }: { className?: string }) {
  return <PropPreview preview={usePropsPreview()} className={className} />;
}
