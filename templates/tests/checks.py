"checks": [
${#each checks}
    ${check},
${/each}
],
