import { usePropsPreview } from '../api/props-preview';
import { PropPreview } from './prop-preview';

export function PropPreviewSection({ className }: { className?: string }) {
  return <PropPreview preview={usePropsPreview()} className={className} />;
}
