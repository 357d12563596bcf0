import { useEffect, useRef } from 'react';

interface VideoViewProps {
  stream: MediaStream | null;
  width: number;
  label: string;
}

/** A muted live video of `width` px; its height follows the stream's aspect ratio (002 §2). */
export function VideoView({ stream, width, label }: VideoViewProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      autoPlay
      muted
      playsInline
      style={{ width, maxWidth: '100%', height: 'auto', display: 'block', background: '#111' }}
    />
  );
}
