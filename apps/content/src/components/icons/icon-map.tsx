import type { ComponentType } from 'react';
import {
  BookIcon,
  CalendarIcon,
  ChartIcon,
  ChatIcon,
  CheckCircleIcon,
  ClockIcon,
  CodeIcon,
  CpuIcon,
  DollarIcon,
  DownloadIcon,
  FileIcon,
  GlobeIcon,
  HeartIcon,
  LayersIcon,
  LockIcon,
  MailIcon,
  RefreshIcon,
  RocketIcon,
  SearchIcon,
  ShieldIcon,
  SparklesIcon,
  StarIcon,
  TargetIcon,
  TrendingUpIcon,
  UploadIcon,
  UsersIcon,
  ZapIcon,
  type IconProps,
} from '@agentora/ui';
import type { IconName } from '../../data/types';

/** Data names an icon; this is the one place that turns the name into a drawing. */
export const ICONS: Record<IconName, ComponentType<IconProps>> = {
  sparkles: SparklesIcon,
  globe: GlobeIcon,
  zap: ZapIcon,
  rocket: RocketIcon,
  users: UsersIcon,
  shield: ShieldIcon,
  chart: ChartIcon,
  'trending-up': TrendingUpIcon,
  code: CodeIcon,
  clock: ClockIcon,
  book: BookIcon,
  cpu: CpuIcon,
  search: SearchIcon,
  upload: UploadIcon,
  file: FileIcon,
  download: DownloadIcon,
  star: StarIcon,
  calendar: CalendarIcon,
  heart: HeartIcon,
  lock: LockIcon,
  target: TargetIcon,
  layers: LayersIcon,
  dollar: DollarIcon,
  refresh: RefreshIcon,
  chat: ChatIcon,
  mail: MailIcon,
  'check-circle': CheckCircleIcon,
};

/** A decorative icon named in data (its meaning is always in the text beside it). */
export function DataIcon({ name, size = 22 }: { name: IconName; size?: number }) {
  const Icon = ICONS[name];
  return <Icon size={size} />;
}
