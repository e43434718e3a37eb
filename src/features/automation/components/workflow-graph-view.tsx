import '@xyflow/react/dist/style.css';
import '@/features/automation/components/workflow-graph-view.css';
import { Controls, ReactFlow, ReactFlowProvider, useNodesState, useReactFlow, type Connection, type Edge, type NodeTypes } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { automationGraphCopy } from '@/config/automation-graph-copy';
import { useEmailTemplateNames } from '@/features/automation/api/get-email-names';
import { GraphStepNode } from '@/features/automation/components/graph-step-node';
import { GraphStepPanel } from '@/features/automation/components/graph-step-panel';
import { graphToFlow, type StepNode } from '@/features/automation/utils/graph-flow';
import { TRIGGER_NODE_ID } from '@/features/automation/utils/graph-layout';
import { connectWay, insertStepOn, type Way } from '@/features/automation/utils/graph-ways';
import type { PublishProblem } from '@/features/automation/utils/publish-error';
import { describeStep, removeStep, replaceStep } from '@/features/automation/utils/step-list';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';

export interface WorkflowGraphViewProps {
  graph: WorkflowGraph;
  members: readonly { userId: string; name: string }[];
  readOnly: boolean;
  problem: PublishProblem | null;
  onChange(graph: WorkflowGraph): void;
  /** Back to the step list, the keyboard and screen-reader way to edit the same graph. */
  onShowSteps(): void;
}

const nodeTypes: NodeTypes = { step: GraphStepNode };

/**
 * The workflow's draft graph drawn with React Flow (loaded only when the editor's Graph view is opened): the same
 * graph the step list edits, laid out automatically. Selecting a box opens its settings below; a step is added on a
 * way out of the selected box, removed with an undo, and a way out is connected or re-connected by dragging. A
 * published version is shown without editing.
 */
function GraphCanvas({ graph, members, readOnly, problem, onChange, onShowSteps }: WorkflowGraphViewProps) {
  const templateNames = useEmailTemplateNames().data;
  const names = useMemo(() => new Map((templateNames ?? []).map((template) => [template.id, template.name])), [templateNames]);
  const flow = useMemo(() => graphToFlow(graph, { problem, templateNames: names }), [graph, problem, names]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [nodes, setNodes, onNodesChange] = useNodesState<StepNode>(flow.nodes);
  const { fitView } = useReactFlow();
  const [undo, setUndo] = useState<{ before: WorkflowGraph; after: WorkflowGraph; summary: string } | null>(null);

  useEffect(() => {
    setNodes((previous) => {
      const measured = new Map(previous.map((node) => [node.id, node.measured]));
      return flow.nodes.map((node) => ({ ...node, measured: measured.get(node.id), selected: node.id === selectedId }));
    });
  }, [flow, selectedId, setNodes]);

  // A step added or removed: the whole graph in view again.
  const count = flow.nodes.length;
  useEffect(() => {
    void fitView();
  }, [count, fitView]);

  const edges = useMemo<Edge[]>(
    () => flow.edges.map((edge) => ({ ...edge, reconnectable: readOnly || edge.source === TRIGGER_NODE_ID ? false : 'target' })),
    [flow, readOnly],
  );
  // React Flow calls it on every change of its selection, and needs the same function each render (its docs).
  const select = useCallback(({ nodes: chosen }: { nodes: StepNode[] }) => {
    if (chosen[0]) setSelectedId(chosen[0].id);
  }, []);
  const selectedStep = graph.steps.find((step) => step.id === selectedId) ?? null;
  const selectedNode = flow.nodes.find((node) => node.id === selectedId);

  const connect = (from: string, way: string | null | undefined, to: string) => {
    if (readOnly || from === TRIGGER_NODE_ID || !way) return;
    onChange(connectWay(graph, from, way as Way, to));
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        {automationGraphCopy.hint}{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={onShowSteps}>{automationGraphCopy.useStepList}</Button>
      </p>
      <div className="automation-graph h-[360px] rounded-md border" role="group" aria-label={automationGraphCopy.canvasLabel}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onSelectionChange={select}
          onConnect={(connection: Connection) => connect(connection.source, connection.sourceHandle, connection.target)}
          onReconnect={(old, connection) => connect(old.source, old.sourceHandle, connection.target)}
          nodesDraggable={false}
          nodesConnectable={!readOnly}
          edgesFocusable={false}
          deleteKeyCode={null}
          fitView
          minZoom={0.3}
        >
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      {undo && undo.after === graph ? (
        <p role="status" className="flex flex-wrap items-center gap-2 text-sm">
          {automationGraphCopy.removed(undo.summary)}
          <Button type="button" size="sm" variant="outline" onClick={() => { onChange(undo.before); setUndo(null); }}>{automationGraphCopy.undo}</Button>
        </p>
      ) : null}
      {selectedNode && (selectedStep || selectedId === TRIGGER_NODE_ID) ? (
        <GraphStepPanel
          key={selectedId}
          step={selectedStep}
          steps={graph.steps}
          summary={selectedNode.data.summary}
          members={members}
          readOnly={readOnly}
          onChange={(step) => onChange(replaceStep(graph, step))}
          onAdd={(way, type) => {
            const added = insertStepOn(graph, selectedStep?.id ?? null, way, type);
            onChange(added.graph);
            setSelectedId(added.id);
          }}
          onRemove={() => {
            if (!selectedStep) return;
            const after = removeStep(graph, selectedStep.id);
            setUndo({ before: graph, after, summary: describeStep(selectedStep, names) });
            setSelectedId(null);
            onChange(after);
          }}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{readOnly ? automationGraphCopy.readOnlyNote : automationGraphCopy.selectNote}</p>
      )}
    </div>
  );
}

export default function WorkflowGraphView(props: WorkflowGraphViewProps) {
  return (
    <ReactFlowProvider>
      <GraphCanvas {...props} />
    </ReactFlowProvider>
  );
}
