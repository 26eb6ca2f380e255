import type { ReactNode } from 'react';
import type { ArtworkMotif } from '../../data/types';

// Each motif is drawn in white on a 640×360 canvas over the palette gradient.
const stroke = {
  fill: 'none',
  stroke: '#ffffff',
  strokeWidth: 6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function chip(x: number, y: number, key: string) {
  return (
    <g key={key}>
      <rect
        x={x}
        y={y}
        width={70}
        height={70}
        rx={12}
        fill="#ffffff"
        fillOpacity={0.18}
        stroke="#ffffff"
        strokeWidth={4}
      />
      <rect x={x + 22} y={y + 22} width={26} height={26} rx={4} fill="#ffffff" fillOpacity={0.7} />
    </g>
  );
}

export const MOTIFS: Record<ArtworkMotif, ReactNode> = {
  market: (
    <>
      {[0, 1, 2, 3, 4, 5].map((index) => {
        const height = 50 + index * 34;
        return (
          <rect
            key={index}
            x={110 + index * 74}
            y={300 - height}
            width={44}
            height={height}
            rx={8}
            fill="#ffffff"
            fillOpacity={0.25 + index * 0.1}
          />
        );
      })}
      <polyline points="100,250 200,215 290,225 380,160 470,120 560,60" {...stroke} />
      <polyline points="525,58 560,60 552,94" {...stroke} />
    </>
  ),
  network: (
    <>
      <g {...stroke} strokeWidth={4} strokeOpacity={0.7}>
        <line x1={320} y1={180} x2={180} y2={100} />
        <line x1={320} y1={180} x2={170} y2={270} />
        <line x1={320} y1={180} x2={470} y2={90} />
        <line x1={320} y1={180} x2={480} y2={260} />
        <line x1={180} y1={100} x2={470} y2={90} />
        <line x1={170} y1={270} x2={480} y2={260} />
      </g>
      <circle cx={320} cy={180} r={42} fill="#ffffff" />
      {[
        [180, 100],
        [170, 270],
        [470, 90],
        [480, 260],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={24} fill="#ffffff" fillOpacity={0.75} />
      ))}
    </>
  ),
  terminal: (
    <>
      <rect
        x={130}
        y={60}
        width={380}
        height={240}
        rx={18}
        fill="#0b0d17"
        fillOpacity={0.55}
        stroke="#ffffff"
        strokeWidth={4}
      />
      <circle cx={162} cy={90} r={8} fill="#ffffff" fillOpacity={0.8} />
      <circle cx={188} cy={90} r={8} fill="#ffffff" fillOpacity={0.6} />
      <circle cx={214} cy={90} r={8} fill="#ffffff" fillOpacity={0.4} />
      <polyline points="165,140 190,160 165,180" {...stroke} />
      <rect x={205} y={170} width={150} height={10} rx={5} fill="#ffffff" fillOpacity={0.8} />
      <rect x={165} y={205} width={230} height={10} rx={5} fill="#ffffff" fillOpacity={0.5} />
      <rect x={165} y={235} width={180} height={10} rx={5} fill="#ffffff" fillOpacity={0.5} />
      <circle cx={450} cy={240} r={30} fill="#4ade80" />
      <polyline points="436,240 446,251 465,228" {...stroke} stroke="#0b0d17" />
    </>
  ),
  compute: (
    <>
      <g stroke="#ffffff" strokeWidth={4} strokeOpacity={0.5}>
        <line x1={150} y1={115} x2={490} y2={115} />
        <line x1={150} y1={245} x2={490} y2={245} />
        <line x1={205} y1={115} x2={205} y2={245} />
        <line x1={320} y1={115} x2={320} y2={245} />
        <line x1={435} y1={115} x2={435} y2={245} />
      </g>
      {[170, 285, 400].flatMap((x) => [80, 210].map((y) => chip(x, y, `${x}-${y}`)))}
    </>
  ),
  coins: (
    <>
      {[0, 1, 2, 3].map((stack) =>
        Array.from({ length: 2 + stack * 2 }, (_, coin) => (
          <ellipse
            key={`${stack}-${coin}`}
            cx={170 + stack * 100}
            cy={290 - coin * 24}
            rx={40}
            ry={14}
            fill="#ffffff"
            fillOpacity={0.3 + coin * 0.07}
            stroke="#ffffff"
            strokeWidth={3}
          />
        )),
      )}
      <polyline points="130,150 250,130 350,95 480,55" {...stroke} />
    </>
  ),
  flow: (
    <>
      {[110, 270, 430].map((x, index) => (
        <rect
          key={x}
          x={x}
          y={135}
          width={100}
          height={90}
          rx={16}
          fill="#ffffff"
          fillOpacity={0.25 + index * 0.25}
          stroke="#ffffff"
          strokeWidth={4}
        />
      ))}
      <polyline points="215,180 262,180" {...stroke} />
      <polyline points="248,166 262,180 248,194" {...stroke} />
      <polyline points="375,180 422,180" {...stroke} />
      <polyline points="408,166 422,180 408,194" {...stroke} />
    </>
  ),
  scatter: (
    <>
      {[
        [140, 270],
        [175, 240],
        [210, 255],
        [245, 210],
        [285, 220],
        [320, 180],
        [355, 190],
        [390, 150],
        [430, 140],
        [465, 110],
        [500, 95],
        [420, 250],
      ].map(([cx, cy]) => (
        <circle
          key={`${cx}-${cy}`}
          cx={cx}
          cy={cy}
          r={12}
          fill="#ffffff"
          fillOpacity={cx === 420 ? 1 : 0.6}
        />
      ))}
      <line x1={120} y1={280} x2={520} y2={85} {...stroke} strokeOpacity={0.9} />
      <circle cx={420} cy={250} r={24} {...stroke} strokeWidth={4} />
    </>
  ),
  store: (
    <>
      <path d="M250 140h140l18 160H232z" fill="#ffffff" fillOpacity={0.85} />
      <path d="M285 140v-20a35 35 0 0170 0v20" {...stroke} />
      {[
        [120, 100],
        [440, 90],
        [130, 230],
        [450, 220],
      ].map(([x, y]) => (
        <rect
          key={`${x}-${y}`}
          x={x}
          y={y}
          width={70}
          height={80}
          rx={10}
          fill="#ffffff"
          fillOpacity={0.3}
          stroke="#ffffff"
          strokeWidth={3}
        />
      ))}
    </>
  ),
  shield: (
    <>
      <path
        d="M320 50l110 40v80c0 70-48 115-110 135-62-20-110-65-110-135V90z"
        fill="#ffffff"
        fillOpacity={0.22}
        stroke="#ffffff"
        strokeWidth={6}
      />
      <polyline points="270,180 308,218 375,145" {...stroke} strokeWidth={10} />
      {[
        [120, 110],
        [110, 260],
        [530, 120],
        [520, 270],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={16} fill="#ffffff" fillOpacity={0.6} />
      ))}
    </>
  ),
  chat: (
    <>
      <path
        d="M120 90h220a20 20 0 0120 20v80a20 20 0 01-20 20H190l-40 35v-35h-30a20 20 0 01-20-20v-80a20 20 0 0120-20z"
        fill="#ffffff"
        fillOpacity={0.3}
        stroke="#ffffff"
        strokeWidth={4}
      />
      <path
        d="M300 170h200a20 20 0 0120 20v70a20 20 0 01-20 20h-20v32l-36-32H300a20 20 0 01-20-20v-70a20 20 0 0120-20z"
        fill="#ffffff"
        fillOpacity={0.75}
      />
      <rect x={140} y={125} width={160} height={12} rx={6} fill="#ffffff" />
      <rect x={140} y={155} width={110} height={12} rx={6} fill="#ffffff" fillOpacity={0.8} />
    </>
  ),
};
